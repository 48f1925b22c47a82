import { Alert, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CustomField, SelectField, TextareaField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import type { Field } from '#app/components/form/use-field.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { http } from '#app/lib/http.ts';
import { useT } from '#app/lib/use-t.ts';
import { storeSection } from '#common/enums/store.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { NewStoreSchema, type SlugAvailability } from '#common/schemas/store.ts';
import { slugify } from '#common/slug.ts';

type Check = { slug: string; state: 'checking' | 'available' | 'taken'; reason?: MessageKey };

/** Asks the API whether a slug is free, 350 ms after the last keystroke; the newest answer wins. */
function useSlugCheck(slug: string): Check | null {
  const [answer, setAnswer] = useState<Check | null>(null);
  useEffect(() => {
    if (!slug) return;
    let current = true;
    const timer = setTimeout(() => {
      http<SlugAvailability>('/api/v1/store/slug', { query: { slug } })
        .then((result) => {
          if (current) setAnswer({ slug, state: result.available ? 'available' : 'taken', reason: result.reason as MessageKey | undefined });
        })
        // No answer: the action still checks the slug when the form is sent.
        .catch(() => undefined);
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug]);
  if (!slug) return null;
  // Until the answer for this very slug arrives, the check is under way.
  return answer?.slug === slug ? answer : { slug, state: 'checking' };
}

/** `/store` without a store: name, type, description and the permanent address, checked as it is typed. */
export function NewStoreForm({ origin }: { origin: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('store.newTitle')} description={t('store.newText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <RecordForm schema={NewStoreSchema} submitLabel={t('store.create')}>
          <NameAndSlug origin={origin} />
          <SelectField name="section" label="store.type" data={[{ value: '', label: '—' }, ...storeSection.values.map((value) => ({ value, label: t(storeSection.label(value)) }))]} />
          <TextareaField name="description" label="store.description" autosize minRows={3} maxRows={8} />
        </RecordForm>
      </Paper>
    </>
  );
}

/** The name suggests the slug until the user edits the slug; the slug shows its future address and whether it is free. */
function NameAndSlug({ origin }: { origin: string }) {
  const t = useT();
  return (
    <CustomField name="name">
      {(nameField) => (
        <CustomField name="slug">
          {(slugField) => <NameAndSlugInputs origin={origin} nameField={nameField} slugField={slugField} t={t} />}
        </CustomField>
      )}
    </CustomField>
  );
}

function NameAndSlugInputs({ origin, nameField, slugField, t }: { origin: string; nameField: Field; slugField: Field; t: ReturnType<typeof useT> }) {
  const [name, setName] = useState(String(nameField.value ?? ''));
  const [slug, setSlug] = useState(String(slugField.value ?? ''));
  // A slug that came back from the server (or was typed) is the user's own: the name no longer rewrites it.
  const [edited, setEdited] = useState(Boolean(slugField.value));
  const live = useSlugCheck(slug.trim());
  const liveError = live?.state === 'taken' && live.reason ? t(live.reason) : undefined;
  return (
    <SimpleGrid cols={1}>
      <TextInput
        {...nameField.inputProps}
        label={t('store.name')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (!edited) setSlug(slugify(event.currentTarget.value, 40));
          nameField.recheck();
        }}
      />
      <TextInput
        {...slugField.inputProps}
        label={t('store.slug')}
        description={t('store.slugHint')}
        error={slugField.error ?? liveError}
        value={slug}
        autoComplete="off"
        spellCheck={false}
        data-testid="slug-input"
        onChange={(event) => {
          setSlug(event.currentTarget.value);
          setEdited(true);
          slugField.recheck();
        }}
      />
      <Text fz="sm" aria-live="polite" data-testid="slug-status" c={live?.state === 'available' ? 'green.9' : 'dimmed'}>
        {live?.state === 'checking' ? t('store.slugChecking') : live?.state === 'available' ? `✓ ${t('store.slugAvailable')}` : ''}
      </Text>
      <Alert variant="light" color="brand" title={t('store.futureAddress')}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="future-address">
          {`${origin}/shop/${slug.trim() || '…'}`}
        </Text>
        <Text fz="sm" mt={4}>
          {t('store.slugPermanent')}
        </Text>
      </Alert>
    </SimpleGrid>
  );
}
