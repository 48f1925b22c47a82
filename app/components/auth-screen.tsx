import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo, LogoMark } from './logo.tsx';

/**
 * The whole screen of a /user/* page (layout "none" in the seed): a brand panel beside the form
 * on wide screens, the form alone on a phone.
 */
export function AuthScreen({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100dvh" data-layout="none">
      {/* A landmark of its own (every content in a landmark, WCAG 1.3.1): the brand's side of the screen. */}
      <Box
        component="aside"
        aria-label="Tiendabox"
        visibleFrom="md"
        p={48}
        style={{ background: 'linear-gradient(150deg, var(--mantine-color-brand-9), var(--mantine-color-brand-8))' }}
      >
        <Stack h="100%" justify="space-between" c="white">
          <Group gap={8}>
            <LogoMark size={40} />
            <Text fw={800} fz={26}>
              Tiendabox
            </Text>
          </Group>
          <Stack gap="xs">
            <Title order={2} fz={34} c="white">
              {t('app.tagline')}
            </Title>
          </Stack>
          <Text fz="sm">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Stack>
      </Box>
      <Stack component="main" id="main" justify="center" align="center" p={{ base: 'md', sm: 'xl' }} bg="gray.0">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="space-between">
            <Box hiddenFrom="md">
              <Logo size={30} />
            </Box>
            <Box ml="auto">
              <LanguageSwitch />
            </Box>
          </Group>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Stack>
    </SimpleGrid>
  );
}
