import { Alert, Anchor, Button, Checkbox, Code, FileInput, Group, List, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { sendFile } from '#app/lib/send-file.ts';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatNumber } from '#common/number-format.ts';
import type { Route } from './+types/product-import';

// The catalog's CSV import (issue 11 §9): choose a file, see what it would do and every problem
// in it, then import it — all or nothing — after confirming. The file goes to the API as it is,
// with upload progress; the server checks it again when importing, so what was previewed and what
// is written cannot drift apart.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'productCsv.title');

const COLUMNS = 'record, product_slug, variant_id, name, sku, code, description, category, subcategory, brand, color, size, price, discount, tax, stock, weight_grams, unit, type, priority, keywords, featured, enabled, content';
const MAX_BYTES = 40 * 1024 * 1024;
const IMPORT_URL = '/api/v1/products/import';

type Counts = { create: number; update: number; unchanged: number };
type Problem = { line: number; column: string; key: MessageKey; values?: Record<string, string | number> };
type Summary = { applied: boolean; products: Counts; variants: Counts; problems: Problem[]; encoding?: string; duplicates?: { line: number; name: string }[]; duplicateCount?: number };

/** How each encoding the server reads is named to people. */
const ENCODING_NAMES: Record<string, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'windows-1252': 'Windows-1252' };
type Phase = { step: 'idle' } | { step: 'sending'; percent: number; applying: boolean } | { step: 'checked'; summary: Summary } | { step: 'done'; summary: Summary } | { step: 'failed'; message: string };

function isSummary(body: unknown): body is Summary {
  return typeof body === 'object' && body !== null && 'products' in body && 'problems' in body && Array.isArray((body as Summary).problems);
}

/** A preview's counts with the likely duplicates the merchant confirmed as products to create (the server checks them again when importing). */
function withConfirmed(summary: Summary | null, confirmed: boolean): Summary | null {
  if (!summary || !confirmed || !summary.duplicates?.length) return summary;
  return { ...summary, products: { ...summary.products, create: summary.products.create + (summary.duplicateCount ?? summary.duplicates.length) } };
}

export default function ProductImport() {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [confirming, confirm] = useDisclosure(false);
  // Likely duplicates (issue 20 §4) are created only when the merchant says they are new products.
  const [createDuplicates, setCreateDuplicates] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (apply: boolean) => {
    if (!file) return setFileError(t('productCsv.chooseFile'));
    if (file.size > MAX_BYTES) return setFileError(t('productCsv.tooBig'));
    abort.current?.abort();
    abort.current = new AbortController();
    setPhase({ step: 'sending', percent: 0, applying: apply });
    const { status, body } = await sendFile(`${IMPORT_URL}?apply=${apply ? 1 : 0}${createDuplicates ? '&duplicates=create' : ''}`, file, 'text/csv', (percent) => setPhase({ step: 'sending', percent, applying: apply }), abort.current.signal);
    if (isSummary(body)) return setPhase({ step: apply && body.applied ? 'done' : 'checked', summary: body });
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : t(status === 0 ? 'error.network' : 'error.generic');
    setPhase({ step: 'failed', message });
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    setCreateDuplicates(false);
    setPhase({ step: 'idle' });
  };

  const summary = withConfirmed(phase.step === 'checked' || phase.step === 'done' ? phase.summary : null, phase.step === 'checked' && createDuplicates);
  const changes = summary ? summary.products.create + summary.products.update + summary.variants.create + summary.variants.update : 0;
  const n = (value: number) => formatNumber(value, locale);

  return (
    <>
      <PageHeader
        title={t('productCsv.title')}
        description={t('productCsv.intro')}
        actions={
          <Button component="a" href="/api/v1/products/export" download variant="light" data-testid="csv-export">
            {t('productCsv.export')}
          </Button>
        }
      />
      <Stack gap="lg" maw={900}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('productCsv.formatTitle')}
            </Title>
            <Text fz="sm">{t('productCsv.formatText')}</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {COLUMNS}
            </Code>
            <Text fz="sm">{t('productCsv.formatKeys')}</Text>
          </Stack>
        </Paper>

        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <FileInput
              label={t('productCsv.file')}
              description={t('productCsv.fileHint')}
              accept=".csv,text/csv"
              value={file}
              onChange={choose}
              error={fileError}
              data-testid="csv-file"
            />
            <Group>
              <Button onClick={() => void send(false)} loading={phase.step === 'sending' && !phase.applying} disabled={phase.step === 'sending'}>
                {t('productCsv.preview')}
              </Button>
              {/* Beside the preview, not the input's own ×: that one sat on top of the file button,
                  two targets overlapping, which axe's target-size refused at 375 px (issue 20 §24). */}
              {file ? (
                <Button variant="default" onClick={() => choose(null)} disabled={phase.step === 'sending'}>
                  {t('productCsv.clearFile')}
                </Button>
              ) : null}
            </Group>
            {phase.step === 'sending' ? (
              <div role="status" aria-live="polite">
                <Text fz="sm" mb={4}>
                  {phase.percent < 100 ? t('productCsv.sending', { percent: phase.percent }) : t(phase.applying ? 'productCsv.importing' : 'productCsv.checking')}
                </Text>
                <Progress value={phase.percent} animated={phase.percent >= 100} aria-label={t('productCsv.file')} />
              </div>
            ) : null}
            {phase.step === 'failed' ? (
              <Alert color="red" role="alert" data-testid="csv-failed">
                {phase.message}
              </Alert>
            ) : null}
          </Stack>
        </Paper>

        {summary ? (
          <Paper withBorder p="lg" radius="md" data-testid="csv-summary">
            <Stack gap="md">
              {phase.step === 'done' ? (
                <Alert color="green" role="status" data-testid="csv-done">
                  {t('productCsv.done', { created: t('productCsv.created', { count: summary.products.create }), updated: t('productCsv.updated', { count: summary.products.update }) })}{' '}
                  <Anchor component={Link} to={localizePath('/catalog/product', locale)}>
                    {t('productCsv.backToProducts')}
                  </Anchor>
                </Alert>
              ) : null}
              <Title order={2} fz="h4">
                {t('productCsv.summaryTitle')}
              </Title>
              {summary.encoding ? (
                <Text fz="sm" c="dimmed" data-testid="csv-encoding">
                  {t('productCsv.encodingRead', { encoding: ENCODING_NAMES[summary.encoding] ?? summary.encoding })}
                </Text>
              ) : null}
              {summary.encoding === 'windows-1252' ? (
                <Alert color="yellow" data-testid="csv-encoding-latin">
                  {t('productCsv.encodingLatin')}
                </Alert>
              ) : null}
              <DataTable
                caption={t('productCsv.summaryTitle')}
                rows={(['products', 'variants'] as const).map((kind) => ({ kind, ...summary[kind] }))}
                rowKey={(row) => row.kind}
                rowTestId={(row) => `csv-${row.kind}`}
                sort=""
                dir="asc"
                columns={[
                  { key: 'kind', label: t('productCsv.kind'), render: (row) => t(`productCsv.${row.kind}`) },
                  { key: 'create', label: t('productCsv.create'), render: (row) => n(row.create) },
                  { key: 'update', label: t('productCsv.update'), render: (row) => n(row.update) },
                  { key: 'unchanged', label: t('productCsv.unchanged'), render: (row) => n(row.unchanged) },
                ]}
              />

              {summary.problems.length > 0 ? (
                <Stack gap="xs" data-testid="csv-problems">
                  <Title order={3} fz="h5" c="red.8">
                    {t('productCsv.problemsTitle', { count: summary.problems.length })}
                  </Title>
                  <Text fz="sm">{t('productCsv.problemsHint')}</Text>
                  <DataTable
                    caption={t('productCsv.problemsTitle', { count: summary.problems.length })}
                    rows={summary.problems.map((problem, index) => ({ ...problem, index }))}
                    rowKey={(row) => row.index}
                    sort=""
                    dir="asc"
                    columns={[
                      { key: 'line', label: t('productCsv.line'), card: 'fact', render: (row) => n(row.line) },
                      { key: 'column', label: t('productCsv.column'), card: 'fact', render: (row) => (row.column ? <Code>{row.column}</Code> : '—') },
                      { key: 'message', label: t('productCsv.message'), card: 'title', render: (row) => String(t(row.key, row.values as never)) },
                    ]}
                  />
                </Stack>
              ) : phase.step === 'checked' && changes === 0 && !summary.duplicates?.length ? (
                <Text data-testid="csv-nothing">{t('productCsv.nothingToDo')}</Text>
              ) : null}

              {phase.step === 'checked' && (summary.duplicates?.length ?? 0) > 0 ? (
                <Stack gap="xs" data-testid="csv-duplicates">
                  <Title order={3} fz="h5">
                    {t('productCsv.duplicatesTitle')}
                  </Title>
                  <Text fz="sm">{t('productCsv.duplicatesHint')}</Text>
                  <List fz="sm">
                    {summary.duplicates!.slice(0, 50).map((duplicate) => (
                      <List.Item key={duplicate.line}>{t('productCsv.duplicateLine', { line: duplicate.line, name: duplicate.name })}</List.Item>
                    ))}
                  </List>
                  <Checkbox
                    label={t('productCsv.createDuplicates')}
                    checked={createDuplicates}
                    data-testid="csv-create-duplicates"
                    onChange={(event) => setCreateDuplicates(event.currentTarget.checked)}
                  />
                </Stack>
              ) : null}

              {phase.step === 'checked' && summary.problems.length === 0 && changes > 0 ? (
                <Group>
                  <Button onClick={confirm.open} data-testid="csv-apply">
                    {t('productCsv.apply')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ) : null}
      </Stack>

      <Modal opened={confirming} onClose={confirm.close} title={t('productCsv.confirmTitle')} centered>
        {summary ? (
          <Text mb="lg">
            {t('productCsv.confirmText', {
              create: t('productCsv.productCount', { count: summary.products.create }),
              createVariants: t('productCsv.variantCount', { count: summary.variants.create }),
              update: t('productCsv.productCount', { count: summary.products.update }),
              updateVariants: t('productCsv.variantCount', { count: summary.variants.update }),
            })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={confirm.close}>
            {t('list.cancel')}
          </Button>
          <Button
            data-testid="confirm"
            onClick={() => {
              confirm.close();
              void send(true);
            }}
          >
            {t('productCsv.apply')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
