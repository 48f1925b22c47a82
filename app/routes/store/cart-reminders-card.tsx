import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatNumber } from '#common/number-format.ts';

/** The abandoned-cart reminders on the Marketing page: the confirmed switch, and what they did. */
export function CartRemindersCard({ summary }: { summary: { enabled: boolean; reminded: number; recovered: number; days: number } }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { enabled } = summary;
  return (
    <Paper withBorder p="lg" radius="md" maw={760} mt="md" component="section" aria-labelledby="cart-reminders-title">
      <Title order={2} fz="lg" mb="xs" id="cart-reminders-title">
        {t('cartReminders.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('cartReminders.text')}
      </Text>
      <Group justify="space-between" wrap="wrap" mb="md">
        <Text data-testid="cart-reminders-state">{enabled ? t('cartReminders.on') : t('cartReminders.off')}</Text>
        <ConfirmButton
          intent="cartReminders"
          fields={{ enabled: String(!enabled) }}
          label={enabled ? t('cartReminders.turnOff') : t('cartReminders.turnOn')}
          title={enabled ? t('cartReminders.turnOffTitle') : t('cartReminders.turnOnTitle')}
          message={enabled ? t('cartReminders.turnOffMessage') : t('cartReminders.turnOnMessage')}
          confirmLabel={enabled ? t('cartReminders.turnOff') : t('cartReminders.turnOn')}
          confirmColor={enabled ? 'red' : 'brand'}
          color={enabled ? 'red' : 'brand'}
          variant={enabled ? 'light' : 'filled'}
          data-testid="cart-reminders-toggle"
        />
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('cartReminders.reminded')}
          </Text>
          <Text fz="xl" fw={700} data-testid="cart-reminders-reminded">
            {formatNumber(summary.reminded, locale, 0)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('cartReminders.recovered')}
          </Text>
          <Text fz="xl" fw={700} data-testid="cart-reminders-recovered">
            {formatNumber(summary.recovered, locale, 0)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        {t('cartReminders.period', { days: summary.days })}
      </Text>
    </Paper>
  );
}
