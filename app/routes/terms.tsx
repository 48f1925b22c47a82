import { Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { publicPageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/terms';
import { sharedRender } from '#app/lib/shared-render.ts';

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, 'page.terms');
// The same page for every visitor who is not logged in: served from the page cache.
export const handle = sharedRender;

const SECTIONS = ['service', 'account', 'shipments', 'stores', 'privacy', 'cookies', 'changes'] as const;

export default function Terms() {
  const t = useT();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" component="article">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('page.terms')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('terms.updated')}
        </Text>
        <Text>{t('terms.intro')}</Text>
        {SECTIONS.map((key) => (
          <Stack key={key} gap={4} component="section" id={key}>
            <Title order={2} fz="lg">
              {t(`terms.sections.${key}.title`)}
            </Title>
            <Text>{t(`terms.sections.${key}.body`)}</Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
