import { Anchor, Card, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { useDefaultLayoutData } from '#app/layouts/default-layout-data.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { QueueName } from '#app/lib/menu.ts';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminHome');

export function loader({ context }: Route.LoaderArgs) {
  return { role: currentUser(context).role };
}

type Section = { path: string; title: MessageKey; text: MessageKey; adminOnly?: boolean };

const SECTIONS: Section[] = [
  { path: '/admin/package', title: 'page.adminPackages', text: 'backOffice.hub.sections.package' },
  { path: '/admin/consolidate', title: 'page.adminConsolidations', text: 'backOffice.hub.sections.consolidate' },
  { path: '/admin/ticket', title: 'page.adminTickets', text: 'backOffice.hub.sections.ticket' },
  { path: '/admin/alert', title: 'page.adminAlerts', text: 'backOffice.hub.sections.alert' },
  { path: '/admin/client', title: 'page.adminClients', text: 'backOffice.hub.sections.client' },
  { path: '/admin/store', title: 'page.adminStores', text: 'backOffice.hub.sections.store' },
  { path: '/admin/plan', title: 'page.adminPlans', text: 'backOffice.hub.sections.plan', adminOnly: true },
  { path: '/admin/user', title: 'page.adminUsers', text: 'backOffice.hub.sections.user', adminOnly: true },
  { path: '/admin/setting', title: 'page.adminSettings', text: 'backOffice.hub.sections.setting', adminOnly: true },
];

/** Each queue in words, linked to its list filtered to what waits. */
const QUEUES: { name: QueueName; path: string }[] = [
  { name: 'requestedConsolidations', path: '/admin/consolidate?status=requested' },
  { name: 'waitingTickets', path: '/admin/ticket?status=open' },
  { name: 'pendingAlerts', path: '/admin/alert?status=pending' },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // Counted once per request by the default layout, for the menu's badges: read, not counted again.
  const queues = useDefaultLayoutData()?.queues;
  const waiting = QUEUES.filter((queue) => (queues?.[queue.name] ?? 0) > 0);
  return (
    <>
      <PageHeader title={t('page.adminHome')} description={t('admin.homeText')} />
      <Paper withBorder radius="md" p="lg" mb="lg" component="section" aria-labelledby="waiting-title">
        <Title order={2} fz="lg" id="waiting-title" mb="xs">
          {t('backOffice.hub.waitingTitle')}
        </Title>
        {waiting.length ? (
          <List spacing={4} data-testid="waiting">
            {waiting.map((queue) => (
              <List.Item key={queue.name}>
                <Anchor component={Link} to={localizePath(queue.path, locale)} fw={600} data-testid={`queue-${queue.name}`}>
                  {t(`backOffice.hub.${queue.name}`, { count: queues?.[queue.name] ?? 0 })}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text data-testid="waiting">{t('backOffice.hub.nothingWaiting')}</Text>
        )}
      </Paper>
      <Title order={2} fz="lg" mb="sm">
        {t('backOffice.hub.sectionsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SECTIONS.filter((section) => !section.adminOnly || loaderData.role === 'admin').map((section) => (
          <Card key={section.path} component={Link} to={localizePath(section.path, locale)} withBorder radius="md" padding="lg">
            <Title order={3} fz="md">
              {t(section.title)}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {t(section.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
