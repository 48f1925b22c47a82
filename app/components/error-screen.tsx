import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useLocation } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ErrorIllustration } from './error-illustration.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/**
 * seed §2.2: the screen shown whenever the app reports an error. `embedded`: inside the dashboard
 * layout (a logged-in user's 404), which already has the logo, the language switch and `<main>`.
 */
export function ErrorScreen({ status, message, embedded = false }: { status: number; message?: string; embedded?: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const home = localizePath('/', localeFromPath(pathname));
  return (
    <Center mih={embedded ? undefined : '100dvh'} p="md" bg={embedded ? undefined : 'gray.0'} component={embedded ? 'div' : 'main'} data-testid={embedded ? 'error-in-layout' : undefined}>
      <Stack align="center" gap="md" maw={560} ta="center">
        {embedded ? null : <Logo size={28} />}
        <ErrorIllustration label={t('error.illustration')} />
        <Text c="dimmed" fw={600} data-testid="error-code">
          <span>{t('error.code', { status })}</span> · <span>{t('error.occurred')}</span>
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('error.heading')}
        </Title>
        {message ? (
          <Text fw={600} c="accent.9" data-testid="error-message" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        ) : null}
        <Text>{t('error.text1')}</Text>
        <Text>{t('error.text2')}</Text>
        <Button component="a" href={home} size="md" color="accent.7">
          {t('error.button')}
        </Button>
        {embedded ? null : <LanguageSwitch />}
      </Stack>
    </Center>
  );
}
