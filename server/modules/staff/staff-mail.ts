import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import type { InvitableRole } from '#common/store-permissions.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { composeMail } from '#server/mail/templates.ts';

/** The invitation to a store (issue 38 §2), in the language of the page the owner invited from. */
export function invitationMail(locale: Locale, to: string, data: { storeName: string; inviterName: string; role: InvitableRole; link: string }): Mail {
  const t = translator(locale);
  const vars = { store: data.storeName, inviter: data.inviterName, role: t(`tenancy.roles.${data.role}`) };
  return composeMail(to, t('staff.mail.subject', vars), [t('staff.mail.greeting'), t('staff.mail.body', vars), t('staff.mail.expiry'), t('staff.mail.ignore')], {
    label: t('staff.mail.action'),
    url: data.link,
  });
}
