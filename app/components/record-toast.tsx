import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { useSearchParams } from 'react-router';
import type { MessageKey } from '#common/i18n/messages.ts';

const NOTICES: Record<string, MessageKey> = { created: 'record.created', updated: 'record.updated', deleted: 'record.deleted', storeDeleted: 'store.delete.deleted' };

/**
 * PRODUCT §7's record messages as toasts: an action redirects with `?notice=created|updated|deleted`;
 * the toast shows once and the parameter leaves the address bar.
 */
export function RecordToast() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const notice = params.get('notice');
  useEffect(() => {
    const key = notice ? NOTICES[notice] : undefined;
    if (!key) return;
    notifications.show({ message: t(key), color: 'brand', withBorder: true, autoClose: 4000 });
    const next = new URLSearchParams(params);
    next.delete('notice');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [notice, params, setParams, t]);
  // Without JavaScript the same message stays visible in the page.
  return notice && NOTICES[notice] ? <noscript>{t(NOTICES[notice])}</noscript> : null;
}
