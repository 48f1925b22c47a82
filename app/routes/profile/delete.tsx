import { DangerZoneForm } from '#app/components/danger-zone-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import type { Route } from './+types/delete';
import { deleteAccountAction } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profileDelete');
export const action = (args: Route.ActionArgs) => deleteAccountAction(args);

export default function DeleteAccount() {
  const t = useT();
  const form = useFormResult();
  return (
    <>
      <PageHeader title={t('page.profileDelete')} />
      <ProfileNav />
      <DangerZoneForm
        form={form}
        checkFirst
        texts={{
          warningTitle: t('profile.deleteTitle'),
          warning: t('profile.deleteWarning'),
          passwordLabel: t('profile.deletePassword'),
          submit: t('profile.deleteAccount'),
          confirmTitle: t('profile.deleteConfirmTitle'),
          confirmText: t('profile.deleteWarning'),
          confirm: t('profile.deleteConfirm'),
          cancel: t('profile.cancel'),
        }}
      />
    </>
  );
}
