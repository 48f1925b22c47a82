import { Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { publicPageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/terms';
import { sharedRender } from '#app/lib/shared-render.ts';
import { termsLoader } from './terms.server.ts';

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, 'page.terms');
// The same page for every visitor who is not logged in: served from the page cache.
export const handle = sharedRender;
// The admin's own text when there is one (issue 40, defect 11); kept with the page a minute at most.
export const loader = (args: Route.LoaderArgs) => termsLoader(args);

const SECTIONS = ['service', 'account', 'shipments', 'stores', 'privacy', 'cookies', 'changes'] as const;

/** The admin's text in blocks: paragraphs apart by a blank line; a line starting with "# " is a heading. */
function blocksOf(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .flatMap((block) => block.split('\n').reduce<{ heading: boolean; text: string }[]>((out, line) => {
      if (line.startsWith('# ')) return [...out, { heading: true, text: line.slice(2).trim() }];
      const last = out[out.length - 1];
      if (last && !last.heading) last.text += `\n${line}`;
      else out.push({ heading: false, text: line });
      return out;
    }, []))
    .filter((block) => block.text.trim());
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.custom) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" component="article" data-testid="terms-custom">
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('page.terms')}
          </Title>
          {blocksOf(loaderData.custom).map((block, index) =>
            block.heading ? (
              <Title key={index} order={2} fz="lg">
                {block.text}
              </Title>
            ) : (
              <Text key={index} style={{ whiteSpace: 'pre-line' }}>
                {block.text}
              </Text>
            ),
          )}
        </Stack>
      </Paper>
    );
  }
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
