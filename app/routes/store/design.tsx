import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { CustomField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { UPLOADS_URL, UploadField, type UploadedFile } from '#app/components/upload-field.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { StoreDesignSchema } from '#common/schemas/store.ts';
import { LOGO_SIZE } from '#common/upload-limits.ts';
import type { Route } from './+types/design';
import { storeDesignAction, storeDesignLoader } from './design.server.ts';
import { StylePicker } from './style-picker.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'store.design.title');
export const loader = (args: Route.LoaderArgs) => storeDesignLoader(args);
export const action = (args: Route.ActionArgs) => storeDesignAction(args);

/** /store/design (issue 10 §3): the logo in the upload field's image mode, and the style from six previews. */
export default function StoreDesign({ loaderData: { storeName, design } }: Route.ComponentProps) {
  const t = useT();
  // The previews show the logo being chosen, before it is saved.
  const [logo, setLogo] = useState<UploadedFile | null>(design.logo);
  const logoUrl = logo ? `${UPLOADS_URL}/${encodeURIComponent(logo.id)}` : null;
  return (
    <>
      <PageHeader title={t('store.design.title')} description={t('store.design.description')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <RecordForm schema={StoreDesignSchema} submitLabel={t('list.save')} initial={{ logo: design.logo?.id ?? '', style: design.style }}>
          <Stack gap="xl">
            <CustomField name="logo">
              {(field) => (
                <UploadField
                  name={field.name}
                  purpose="logo"
                  preview={LOGO_SIZE}
                  label={t('store.design.logo')}
                  description={t('store.design.logoHint')}
                  initial={design.logo}
                  error={field.error}
                  onChange={(file) => {
                    setLogo(file);
                    field.recheck();
                  }}
                />
              )}
            </CustomField>
            <CustomField name="style">{(field) => <StylePicker value={design.style} storeName={storeName} logoUrl={logoUrl} error={field.error} onChange={field.recheck} />}</CustomField>
          </Stack>
        </RecordForm>
      </Paper>
    </>
  );
}
