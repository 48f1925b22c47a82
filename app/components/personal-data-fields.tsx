import { NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { documentType } from '#common/enums/accounts.ts';

type Field = 'name' | 'lastname' | 'documentType' | 'documentNumber' | 'phone' | 'address' | 'country' | 'state' | 'city' | 'zip';

/** Personal data and location: the same fields in registration and in the profile editor. */
export function PersonalDataFields({
  values,
  error,
}: {
  values: Partial<Record<Field, string | undefined>>;
  error: (field: Field) => string | undefined;
}) {
  const t = useT();
  // Two columns when the form itself is wide enough (the profile editor), one in the narrow
  // registration card: a container query, not the viewport's width.
  const columns = { base: 1, '460px': 2 } as const;
  const text = (field: Exclude<Field, 'documentType'>, autoComplete: string, extra: { type?: string } = {}) => (
    <TextInput name={field} label={t(`auth.${field}`)} defaultValue={values[field]} error={error(field)} autoComplete={autoComplete} required {...extra} />
  );
  return (
    <>
      <Title order={2} fz="md">
        {t('auth.personalSection')}
      </Title>
      <SimpleGrid type="container" cols={columns}>
        {text('name', 'given-name')}
        {text('lastname', 'family-name')}
        <NativeSelect
          name="documentType"
          label={t('auth.documentType')}
          defaultValue={values.documentType ?? 'cedula'}
          error={error('documentType')}
          data={documentType.values.map((value) => ({ value, label: t(documentType.label(value)) }))}
          required
        />
        {text('documentNumber', 'off')}
        {text('phone', 'tel', { type: 'tel' })}
      </SimpleGrid>
      <Title order={2} fz="md">
        {t('auth.locationSection')}
      </Title>
      {text('address', 'street-address')}
      <SimpleGrid type="container" cols={columns}>
        {text('country', 'country-name')}
        {text('state', 'address-level1')}
        {text('city', 'address-level2')}
        {text('zip', 'postal-code')}
      </SimpleGrid>
    </>
  );
}
