import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { Logo } from '#app/components/logo.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/maintenance';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.maintenance');

/** Drawn by /maintenance and, while maintenance is on, by every other page (root ErrorBoundary). */
export function MaintenanceScreen() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main" id="main" data-testid="maintenance">
      <Stack align="center" ta="center" maw={520} gap="md">
        <Logo size={36} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('maintenance.heading')}
        </Title>
        <Text>{t('maintenance.text')}</Text>
        <Button component="a" href={localizePath('/', locale)} variant="light">
          {t('maintenance.retry')}
        </Button>
        <LanguageSwitch />
      </Stack>
    </Center>
  );
}

export default MaintenanceScreen;
