import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Form, isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { useT } from '#app/lib/use-t.ts';
import { guardStore, storeLayoutLoader } from '#app/lib/store-scope.server.ts';
import type { Route } from './+types/store-scope';
import { NO_STORE } from '#common/schemas/store.ts';
import { FORBIDDEN, NOT_MEMBER } from '#common/store-permissions.ts';

// Wraps the store and catalog screens (decision 025): their store is resolved once, here.
export const middleware = [guardStore];
export const loader = (args: Route.LoaderArgs) => storeLayoutLoader(args);

export default function StoreScopeLayout() {
  return <Outlet />;
}

function NoStore() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" mt="xl" data-testid="no-store">
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {t('store.noStoreTitle')}
        </Title>
        <Text c="dimmed">{t('store.noStoreText')}</Text>
        <Button component={Link} to={localizePath('/store', locale)} w="fit-content" data-testid="open-store">
          {t('store.create')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A role that does not reach this screen, or a store that removed them (decision 088). */
function Refused({ reason }: { reason: typeof FORBIDDEN | typeof NOT_MEMBER }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" mt="xl" data-testid="store-refused" role="alert">
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {t('tenancy.forbiddenTitle')}
        </Title>
        <Text>{t(reason)}</Text>
        {reason === NOT_MEMBER ? (
          <Form method="post" action={localizePath('/store/switch', locale)}>
            <input type="hidden" name="store" value="default" />
            <Button type="submit" w="fit-content" data-testid="leave-store">
              {t('tenancy.leave')}
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.data === NO_STORE) return <NoStore />;
  if (isRouteErrorResponse(error) && (error.data === FORBIDDEN || error.data === NOT_MEMBER)) return <Refused reason={error.data} />;
  // Any other failure belongs to the root's error screen.
  throw error;
}
