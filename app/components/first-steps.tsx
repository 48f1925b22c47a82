import { Anchor, Badge, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';

export type FirstStepsState = { address: boolean; alert: boolean; received: boolean; ship: boolean };

// Each step links to where it happens; the address is on the desk itself (its card's id).
const STEPS = [
  { key: 'address', to: '#us-address' },
  { key: 'alert', to: '/alert' },
  { key: 'received', to: '/alert' },
  { key: 'ship', to: '/consolidate/new' },
] as const;

/** A new client's guide on the desk (issue 9 §16); the desk hides it once something has shipped. */
export function FirstSteps({ state }: { state: FirstStepsState }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const done = STEPS.filter((step) => state[step.key]).length;
  return (
    <Paper withBorder p="lg" radius="md" mt="md" component="section" aria-labelledby="first-steps-title" data-testid="first-steps">
      <Group justify="space-between" mb={4} wrap="wrap">
        <Title order={2} fz="lg" id="first-steps-title">
          {t('desk.firstSteps.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('desk.firstSteps.progress', { done, total: STEPS.length })}
        </Text>
      </Group>
      <Text fz="sm" mb="md">
        {t('desk.firstSteps.intro')}
      </Text>
      <List component="ol" spacing="md" listStyleType="none" p={0}>
        {STEPS.map((step, index) => {
          const complete = state[step.key];
          const inPage = step.to.startsWith('#');
          return (
            <List.Item
              key={step.key}
              data-testid={`first-step-${step.key}`}
              data-done={complete ? 'true' : 'false'}
              icon={
                <ThemeIcon radius="xl" size={28} color={complete ? 'brand.8' : 'gray.2'} c={complete ? 'white' : 'gray.9'} aria-hidden="true">
                  {complete ? '✓' : index + 1}
                </ThemeIcon>
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{t(`desk.firstSteps.${step.key}.title`)}</Text>
                {/* outline: dark text on white, readable at AA whatever the theme's light shades */}
                <Badge size="sm" variant="outline" color={complete ? 'green.9' : 'gray.7'}>
                  {complete ? t('desk.firstSteps.done') : t('desk.firstSteps.todo')}
                </Badge>
              </Group>
              <Text fz="sm">{t(`desk.firstSteps.${step.key}.text`)}</Text>
              {/* The address is on this page: a plain fragment link, not a navigation */}
              {inPage ? (
                <Anchor href={step.to} fz="sm">
                  {t(`desk.firstSteps.${step.key}.link`)}
                </Anchor>
              ) : (
                <Anchor component={Link} to={localizePath(step.to, locale)} fz="sm">
                  {t(`desk.firstSteps.${step.key}.link`)}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
