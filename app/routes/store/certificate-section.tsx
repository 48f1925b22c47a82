import { Alert, Button, FileInput, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { formatDate } from '#common/dates.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';
import { MAX_CERTIFICATE_BYTES } from '#common/upload-limits.ts';
import { useT } from '#app/lib/use-t.ts';

// The store's signing certificate in its sales settings (issue 37 §5): upload or replace the .p12
// with its password, see its holder, issuer and expiry, remove it. It talks to
// /api/v1/store/certificate: a .p12 is binary, which page forms do not carry (page-bodies.ts). The
// password is sent once and never comes back; the field is emptied after each answer.

type Certificate = { holder: string; issuer: string; notAfter: string; expiry: 'expired' | 'expiring' | null };
type Failure = { key: MessageKey; field?: 'file' | 'password'; vars?: Record<string, string> };

const URL = '/api/v1/store/certificate';
const DAY_MS = 86_400_000;

/** The answer, with how close its expiry is as of when it arrived (the desk warns the same way). */
async function certificateOf(response: Response): Promise<Certificate> {
  const body = (await response.json()) as Omit<Certificate, 'expiry'>;
  const left = Date.parse(body.notAfter) - Date.now();
  return { ...body, expiry: left <= 0 ? 'expired' : left <= 30 * DAY_MS ? 'expiring' : null };
}

async function failureOf(response: Response): Promise<Failure> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
  const key = (body.error?.includes('.') ? body.error : 'error.generic') as MessageKey;
  const field = body.fields?.password ? 'password' : body.fields?.file ? 'file' : undefined;
  return { key, field, vars: key === 'sriCertificate.tooLarge' ? { size: `${MAX_CERTIFICATE_BYTES / 1024} KB` } : undefined };
}

export function CertificateSection() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const [certificate, setCertificate] = useState<Certificate | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, { open, close }] = useDisclosure(false);

  useEffect(() => {
    fetch(URL, { headers: { accept: 'application/json' } })
      .then(async (response) => setCertificate(response.ok ? await certificateOf(response) : null))
      .catch(() => setCertificate(null));
  }, []);

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setFailure({ key: 'sriCertificate.fileMissing', field: 'file' });
    if (file.size > MAX_CERTIFICATE_BYTES) return setFailure({ key: 'sriCertificate.tooLarge', field: 'file', vars: { size: `${MAX_CERTIFICATE_BYTES / 1024} KB` } });
    const body = new FormData();
    body.append('password', password);
    body.append('file', file);
    setBusy(true);
    setNotice(null);
    try {
      const response = await fetch(URL, { method: 'PUT', body, headers: { accept: 'application/json' } });
      if (!response.ok) return setFailure(await failureOf(response));
      setCertificate(await certificateOf(response));
      setFailure(null);
      setFile(null);
      setNotice('sriCertificate.uploaded');
    } catch {
      setFailure({ key: 'error.generic' });
    } finally {
      // Typed once: never kept in the page after it was sent.
      setPassword('');
      setBusy(false);
    }
  }

  async function remove() {
    close();
    setBusy(true);
    try {
      const response = await fetch(URL, { method: 'DELETE', headers: { accept: 'application/json' } });
      if (!response.ok && response.status !== 404) return setFailure(await failureOf(response));
      setCertificate(null);
      setNotice('sriCertificate.removed');
    } finally {
      setBusy(false);
    }
  }

  const expiry = certificate ? formatDate(certificate.notAfter, locale) : '';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={760} mt="lg" component="section" aria-labelledby="certificate-title" data-testid="certificate-section">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="certificate-title">
          {t('sriCertificate.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('sriCertificate.text')}
        </Text>
        {notice ? (
          <Alert color="green" role="status">
            {t(notice)}
          </Alert>
        ) : null}
        {certificate === null ? <Text>{t('sriCertificate.none')}</Text> : null}
        {certificate ? (
          <Stack gap={4} data-testid="certificate-details">
            <Text>
              <b>{t('sriCertificate.holder')}:</b> {certificate.holder}
            </Text>
            <Text>
              <b>{t('sriCertificate.issuer')}:</b> {certificate.issuer}
            </Text>
            <Text>
              <b>{t('sriCertificate.expires')}:</b> {expiry}
            </Text>
            {certificate.expiry === 'expired' ? (
              <Alert color="red">{t('sriCertificate.expiredOn', { date: expiry })}</Alert>
            ) : certificate.expiry === 'expiring' ? (
              <Alert color="yellow">{t('sriCertificate.expiringSoon', { date: expiry })}</Alert>
            ) : null}
          </Stack>
        ) : null}
        {failure && !failure.field ? (
          <Alert color="red" role="alert">
            {t(failure.key, failure.vars)}
          </Alert>
        ) : null}
        <form onSubmit={upload} noValidate>
          <Stack gap="sm">
            <FileInput
              name="file"
              label={t('sriCertificate.file')}
              accept=".p12,.pfx,application/x-pkcs12"
              value={file}
              onChange={setFile}
              clearable
              error={failure?.field === 'file' ? t(failure.key, failure.vars) : undefined}
            />
            <PasswordInput
              name="password"
              label={t('sriCertificate.password')}
              description={t('sriCertificate.passwordHint')}
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={failure?.field === 'password' ? t(failure.key) : undefined}
            />
            <Group>
              <Button type="submit" loading={busy}>
                {t(certificate ? 'sriCertificate.replace' : 'sriCertificate.upload')}
              </Button>
              {certificate ? (
                <Button color="red" variant="light" onClick={open} disabled={busy}>
                  {t('sriCertificate.remove')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Stack>
      <Modal opened={confirming} onClose={close} title={t('sriCertificate.removeTitle')} centered>
        <Text mb="lg">{t('sriCertificate.removeMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('list.cancel')}
          </Button>
          <Button color="red" onClick={remove} data-testid="confirm">
            {t('sriCertificate.remove')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
