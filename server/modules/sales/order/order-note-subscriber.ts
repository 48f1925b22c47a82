import { translator } from '#common/i18n/all-languages.ts';
import { asLocale, localizePath } from '#common/locale.ts';
import { subscriber } from '#server/events/events.ts';
import { notificationMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import * as orders from './order.repository.ts';

// The shopper's e-mail with the owner's note (issue 40 §3): a subscriber of `order.note_sent`,
// registered at the composition root. It runs in the note's transaction and only queues the mail
// (decision 067). It uses server/mail/templates.ts until the store's own e-mails (issue 40 §5) take it.
export const orderNoteMail = subscriber('order-note-mail', ['order.note_sent'], async (tx, event) => {
  if (event.resource.id === null) return;
  const scope = await staffStoreScope(tx, event.storeId);
  const order = await orders.findOrder(tx.db, scope, event.resource.id);
  if (!order) return;
  const store = await getStore(tx, scope);
  const locale = asLocale(order.locale);
  const t = translator(locale);
  const note = typeof event.data.note === 'string' ? event.data.note : '';
  const params = { store: store.name, number: order.number, name: order.name };
  await enqueueJob(tx, {
    kind: 'mail',
    payload: notificationMail(locale, order.email, {
      title: String(t('orderPapers.note.mailSubject', params)),
      body: [String(t('orderPapers.note.mailLead', params)), note].join('\n\n'),
      link: `${tx.config.publicUrl}${localizePath(`/shop/${scope.slug}/order?code=${order.code}`, locale)}`,
    }),
  });
});
