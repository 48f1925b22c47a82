import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FirstSteps } from '#app/components/first-steps.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { useDefaultLayoutData } from '#app/layouts/default-layout-data.ts';
import { NotificationText } from '#app/components/notification-text.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { currentUser } from '#app/lib/current-user.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import type { Route } from './+types/desk';
import { services } from '#app/lib/services.server.ts';
import { appContext } from '#app-context';
import { DeskStoreCard } from '#app/components/desk-store-card.tsx';
import { StoreSetupPanel } from '#app/components/store-setup.tsx';
import { DeskSales } from '#app/components/desk-sales.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.desk');

export async function loader({ context }: Route.LoaderArgs) {
  const summary = await services(context).desk.deskSummary({ userId: currentUser(context).id });
  return { ...summary, origin: context.get(appContext).config.publicUrl };
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const locale = localeFromPath(useLocation().pathname);
  const { counts, warehouse, lockerCode, fullName, firstSteps, store, storeSetup, origin } = loaderData;
  // The bell's figures, loaded once by the layout for both.
  const layout = useDefaultLayoutData();
  const unread = layout?.unread ?? 0;
  const latest = layout?.latest ?? [];
  const tiles = [
    { label: t('desk.pendingAlerts'), value: counts.pendingAlerts, to: '/alert?status=pending', testId: 'count-alerts' },
    { label: t('desk.inWarehouse'), value: counts.inWarehouse, to: '/package?status=in_warehouse', testId: 'count-packages' },
    { label: t('desk.consolidations'), value: counts.consolidations, to: '/consolidate', testId: 'count-consolidations' },
    { label: t('desk.openTickets'), value: counts.openTickets, to: '/ticket', testId: 'count-tickets' },
    { label: t('desk.unread'), value: unread, to: '/notification', testId: 'count-unread' },
  ];
  return (
    <>
      <PageHeader title={t('desk.greeting', { name: fullName.split(' ')[0] ?? '' })} description={t('page.desk')} />
      <FormAlert notice={params.get('welcome') ? t('auth.registered') : undefined} />
      {firstSteps ? <FirstSteps state={firstSteps} /> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mt="md">
        {tiles.map((tile) => (
          <Card key={tile.testId} component={Link} to={localizePath(tile.to, locale)} withBorder radius="md" padding="md" data-testid={tile.testId}>
            {/* A span, not a paragraph: a big bold paragraph reads as an unmarked heading (axe p-as-heading). */}
            <Text component="span" display="block" fz={28} fw={800} c="brand.9">
              {tile.value}
            </Text>
            <Text fz="sm" c="dimmed">
              {tile.label}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <DeskStoreCard store={store} origin={origin} />
      {storeSetup?.certificate ? (
        // The signing certificate expires within 30 days, or has (issue 37 §5): invoices stop with it.
        <Alert color={storeSetup.certificate.state === 'expired' ? 'red' : 'yellow'} mt="md" data-testid="desk-certificate">
          <Text>{t(storeSetup.certificate.state === 'expired' ? 'sriCertificate.deskExpired' : 'sriCertificate.deskExpiring', { date: formatDate(storeSetup.certificate.notAfter, locale) })}</Text>
          <Anchor component={Link} to={localizePath('/store/payments', locale)}>
            {t('sriCertificate.deskLink')}
          </Anchor>
        </Alert>
      ) : null}
      {storeSetup ? <DeskSales sales={storeSetup.sales} /> : null}
      {storeSetup ? <StoreSetupPanel setup={storeSetup} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
        <Paper withBorder p="lg" radius="md" id="us-address">
          <Title order={2} fz="lg" mb="sm">
            {t('desk.lockerTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('desk.lockerCode')}
          </Text>
          <Text component="span" display="block" fz={24} fw={800} c="accent.8" data-testid="desk-locker-code">
            {lockerCode}
          </Text>
          <Text fz="sm" c="dimmed" mt="md">
            {t('desk.usAddress')}
          </Text>
          <Stack gap={0} data-testid="us-address">
            <Text fw={600}>
              {fullName} · {lockerCode}
            </Text>
            <Text>{warehouse.line1}</Text>
            <Text>{warehouse.line2}</Text>
            <Text>
              {warehouse.city}, {warehouse.state} {warehouse.zip}
            </Text>
            <Text>{warehouse.country}</Text>
            <Text>{warehouse.phone}</Text>
          </Stack>
          <Text fz="xs" c="dimmed" mt="sm">
            {t('desk.usAddressHint')}
          </Text>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="lg">
              {t('desk.latest')}
            </Title>
            <Anchor component={Link} to={localizePath('/notification', locale)} fz="sm">
              {t('desk.seeAll')}
            </Anchor>
          </Group>
          {latest.length === 0 ? (
            <Text c="dimmed">{t('notification.none')}</Text>
          ) : (
            <Stack gap="sm">
              {latest.map((item) => (
                <Anchor key={item.id} component={Link} to={`${localizePath('/notification', locale)}?open=${item.id}`} underline="never" c="inherit">
                  <NotificationText item={item} />
                </Anchor>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
