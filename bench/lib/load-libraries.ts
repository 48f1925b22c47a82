// bench:shop-memory's BENCH_LOADED=1 (decision 101): the app server started with `--import` of this
// module loads, before its first request, the libraries a worker loads with their first use and then
// keeps for life — as a worker of the cluster, which serves the dashboard beside the storefront, may
// have: sharp (an image read), PayPal's SDK (a payment), nodemailer (a message), React Email (a
// shopper's message). Each through the app's own loader, so the module and its set-up are the app's.
// The desk's sales chart (recharts) is not among them: it is drawn in the browser only, and no server
// process loads it.
// A storefront process (APP_ROLE=storefront, decision 104) runs no job, so it never sends a message:
// it loads only the first two.
import { createMailer } from '#server/mail/mailer.ts';
import { loadSdk } from '#server/modules/sales/payment/providers/paypal-connection.ts';
import { loadSharp } from '#server/modules/upload/sharp.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('bench/lib/load-libraries.ts: DATA_DIR is not set (the bench gives the app a throw-away one)');
// The mailer loads nodemailer with its first message: one, written as an .eml file into the
// bench's throw-away DATA_DIR (no SMTP_URL), the way a worker without SMTP sends one.
const mailer = createMailer({ smtpUrl: '', mailFrom: 'bench@tiendabox.invalid', dataDir });
const storefront = process.env.APP_ROLE === 'storefront';
await Promise.all([
  loadSharp(),
  loadSdk(),
  ...(storefront ? [] : [mailer.send({ to: 'bench@tiendabox.invalid', subject: 'bench:shop-memory', text: 'A worker that has sent a message.', html: '<p>A worker that has sent a message.</p>' }),
  import('#server/modules/sales/shopper-mail/shopper-mail-html.ts')]),
]);
