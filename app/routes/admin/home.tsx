import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { currentUser } from '#app/lib/current-user.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminHome');

export function loader({ context }: Route.LoaderArgs) {
  return { role: currentUser(context).role };
}

const SECTIONS: { path: string; title: MessageKey; adminOnly?: boolean }[] = [
  { path: '/admin/package', title: 'page.adminPackages' },
  { path: '/admin/consolidate', title: 'page.adminConsolidations' },
  { path: '/admin/ticket', title: 'page.adminTickets' },
  { path: '/admin/alert', title: 'page.adminAlerts' },
  { path: '/admin/client', title: 'page.adminClients' },
  { path: '/admin/user', title: 'page.adminUsers', adminOnly: true },
  { path: '/admin/setting', title: 'page.adminSettings', adminOnly: true },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <PageHeader title={t('page.adminHome')} description={t('admin.homeText')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {SECTIONS.filter((section) => !section.adminOnly || loaderData.role === 'admin').map((section) => (
          <Card key={section.path} component={Link} to={localizePath(section.path, locale)} withBorder radius="md" padding="lg">
            <Title order={2} fz="md">
              {t(section.title)}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {localizePath(section.path, locale)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
