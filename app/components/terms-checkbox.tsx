import { Anchor, Checkbox } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';

/** "I accept the terms", linking them in a new tab: every form that makes an account asks it (registration, an invitation). */
export function TermsCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Checkbox
      name="terms"
      value="on"
      defaultChecked={checked}
      error={error}
      label={
        <>
          {t('auth.termsAgree')}{' '}
          <Anchor href={localizePath('/terms', locale)} target="_blank" rel="noopener">
            {t('auth.termsLink')}
          </Anchor>
        </>
      }
    />
  );
}
