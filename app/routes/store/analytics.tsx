import { Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CustomField, TextareaField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import type { Field } from '#app/components/form/use-field.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { splitKeywords, StoreAnalyticsSchema } from '#common/schemas/store.ts';
import type { Route } from './+types/analytics';
import { storeSectionRoute } from './section.server.ts';

// The scripts are only ever text here: React writes a textarea's value as escaped text, and no
// other dashboard, back-office or account page reads them (store.repository's column groups).
const route = storeSectionRoute('analytics');
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.analytics');
export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);

export default function StoreAnalytics({ loaderData: { values } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('nav.analytics')} description={t('store.analyticsText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <RecordForm schema={StoreAnalyticsSchema} submitLabel={t('store.save')} initial={values} failureMessage="store.updateFailed">
          <CustomField name="keywords">{(field) => <KeywordsInput field={field} />}</CustomField>
          <Text fz="sm" c="dimmed">
            {t('store.scriptsHint')}
          </Text>
          <TextareaField name="analyticsScript" label="store.analyticsScript" autosize minRows={4} maxRows={12} spellCheck={false} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
          <TextareaField name="pixelScript" label="store.pixelScript" autosize minRows={4} maxRows={12} spellCheck={false} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
        </RecordForm>
      </Paper>
    </>
  );
}

/** Comma-separated keywords, each shown as a chip as it is typed (and on load). */
function KeywordsInput({ field }: { field: Field }) {
  const t = useT();
  const [text, setText] = useState(typeof field.value === 'string' ? field.value : '');
  const words = splitKeywords(text);
  return (
    <div>
      <TextInput
        {...field.inputProps}
        label={t('store.keywords')}
        description={t('store.keywordsHint')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          field.recheck();
        }}
      />
      {words.length ? (
        <Group gap={6} mt={8} aria-label={t('store.keywordList')} role="list" data-testid="keyword-chips">
          {words.map((word) => (
            <Badge key={word.toLowerCase()} variant="light" color="brand" tt="none" role="listitem">
              {word}
            </Badge>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
