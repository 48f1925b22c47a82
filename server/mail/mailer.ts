import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '#server/config.ts';

/**
 * A message. `fromName` sends it under another name (a store's, "Tienda de María via Tiendabox"),
 * always from the app's own address: a store's domain is never spoofed. `replyTo` is where answers
 * go (the store's contact e-mail). Both are kept as a job's JSON with the rest.
 */
export type Mail = { to: string; subject: string; text: string; html: string; fromName?: string; replyTo?: string };
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** A message a job builds when it sends it, never kept as a job's JSON: it may carry files (an SRI document's XML and RIDE). */
export type OutgoingMail = Mail & { attachments?: MailAttachment[] };
export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/** The address in MAIL_FROM (`Name <address>` or a bare address), to send from under another name. */
function senderAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/**
 * A name fit for a header: one line (control characters, line and paragraph separators and bidi
 * overrides become spaces, so a store's name cannot add a header or flip the text), at most 120
 * characters. nodemailer quotes it and encodes what is not ASCII (RFC 2047).
 */
export function headerName(name: string): string {
  return [...name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim()].slice(0, 120).join('').trim();
}

/** A bare address (`local@domain`, no name, list, comment or space), or null: a Reply-To holds one address or none. */
export function bareAddress(address: string): string | null {
  const value = address.trim();
  return /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(value) && value.length <= 254 ? value : null;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to data/mail/ as an .eml file
 * (development), and the log says where.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log?: FastifyBaseLogger): Mailer {
  const message = ({ fromName, replyTo, ...mail }: OutgoingMail) => {
    const name = fromName ? headerName(fromName) : '';
    const answerTo = replyTo ? bareAddress(replyTo) : null;
    return { ...mail, from: name ? { name, address: senderAddress(config.mailFrom) } : config.mailFrom, ...(answerTo ? { replyTo: answerTo } : {}) };
  };
  // nodemailer is ~5 MiB of a process's heap: loaded with the first message, not at start (decision 101).
  let loading: Promise<Transporter> | undefined;
  const transport = () =>
    (loading ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (config.smtpUrl) {
    return {
      async send(mail) {
        await (await transport()).sendMail(message(mail));
      },
    };
  }
  const folder = path.join(config.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(message(mail));
      // Off the event loop, which the job worker shares with the requests: a burst of orders wrote
      // one .eml each, synchronously, in the middle of them.
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (no SMTP_URL)');
    },
  };
}
