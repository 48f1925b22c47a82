import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import type { Mail } from './mailer.ts';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Text and a simple HTML version of the same paragraphs, with one call to action. */
export function composeMail(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): Mail {
  const text = [...paragraphs, `${action.label}: ${action.url}`, '', '— Tiendabox'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#1c9283;font-size:22px">Tiendabox</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(action.url)}" style="display:inline-block;background:#e45e00;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#888;font-size:12px">— Tiendabox</p></body></html>`;
  return { to, subject, text, html };
}

export function welcomeMail(locale: Locale, to: string, data: { name: string; lockerCode: string; loginUrl: string }): Mail {
  const t = translator(locale);
  return composeMail(to, t('mail.welcome.subject'), [t('mail.welcome.greeting', { name: data.name }), t('mail.welcome.body', { lockerCode: data.lockerCode })], {
    label: t('mail.welcome.action'),
    url: data.loginUrl,
  });
}

export function passwordResetMail(locale: Locale, to: string, data: { name: string; link: string }): Mail {
  const t = translator(locale);
  return composeMail(to, t('mail.reset.subject'), [t('mail.reset.greeting', { name: data.name }), t('mail.reset.body'), t('mail.reset.ignore')], {
    label: t('mail.reset.action'),
    url: data.link,
  });
}

export function notificationMail(locale: Locale, to: string, data: { title: string; body: string; link: string }): Mail {
  const t = translator(locale);
  return composeMail(to, data.title, [data.body], { label: t('notification.open'), url: data.link });
}
