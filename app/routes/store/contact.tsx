import { Paper, SimpleGrid } from '@mantine/core';
import { TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { STORE_COUNTRY, StoreContactSchema } from '#common/schemas/store.ts';
import type { Route } from './+types/contact';
import { storeSectionRoute } from './section.server.ts';

const route = storeSectionRoute('contact');
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.contact');
export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);

export default function StoreContact({ loaderData: { values } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('nav.contact')} description={t('store.contactText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <RecordForm schema={StoreContactSchema} submitLabel={t('store.save')} initial={{ ...values, contactCountry: values.contactCountry || STORE_COUNTRY }} failureMessage="store.updateFailed">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="contactEmail" label="store.contactEmail" type="email" autoComplete="email" />
            <TextField name="contactPhone" label="store.contactPhone" type="tel" autoComplete="tel" />
          </SimpleGrid>
          <TextField name="contactAddress" label="store.contactAddress" autoComplete="street-address" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="contactCity" label="store.contactCity" autoComplete="address-level2" />
            <TextField name="contactState" label="store.contactState" autoComplete="address-level1" />
            <TextField name="contactZip" label="store.contactZip" autoComplete="postal-code" />
            <TextField name="contactCountry" label="store.contactCountry" autoComplete="country-name" />
          </SimpleGrid>
        </RecordForm>
      </Paper>
    </>
  );
}
