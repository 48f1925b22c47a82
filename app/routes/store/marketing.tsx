import { Paper, SimpleGrid } from '@mantine/core';
import { TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { StoreMarketingSchema } from '#common/schemas/store.ts';
import type { Route } from './+types/marketing';
import { storeSectionRoute } from './section.server.ts';
import { CartRemindersCard } from './cart-reminders-card.tsx';
import { cartReminderSummary, cartRemindersIntent } from './cart-reminders.server.ts';

// The abandoned-cart reminders' switch is its own confirmed post (intent "cartReminders", issue 40 §6).
const route = storeSectionRoute('marketing', { cartReminders: cartRemindersIntent });
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.marketing');
export const loader = async (args: Route.LoaderArgs) => ({ ...(await route.loader(args)), cartReminders: await cartReminderSummary(args) });
export const action = (args: Route.ActionArgs) => route.action(args);

const NETWORKS = [
  ['facebook', 'store.facebook', 'https://facebook.com/…'],
  ['instagram', 'store.instagram', 'https://instagram.com/…'],
  ['tiktok', 'store.tiktok', 'https://tiktok.com/@…'],
  ['x', 'store.x', 'https://x.com/…'],
  ['youtube', 'store.youtube', 'https://youtube.com/@…'],
] as const;

export default function StoreMarketing({ loaderData: { values, cartReminders } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('nav.marketing')} description={t('store.marketingText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <RecordForm schema={StoreMarketingSchema} submitLabel={t('store.save')} initial={values} failureMessage="store.updateFailed">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {NETWORKS.map(([name, label, placeholder]) => (
              <TextField key={name} name={name} label={label} placeholder={placeholder} type="url" inputMode="url" autoComplete="url" />
            ))}
            <TextField name="whatsapp" label="store.whatsapp" description={t('store.whatsappHint')} type="tel" inputMode="tel" autoComplete="tel" />
          </SimpleGrid>
        </RecordForm>
      </Paper>
      <CartRemindersCard summary={cartReminders} />
    </>
  );
}
