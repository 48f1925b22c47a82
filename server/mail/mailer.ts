import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/**
 * A message a job builds when it sends it, never kept as a job's JSON: it may carry files (an SRI
 * document's XML and RIDE) and go out under a store's name, from the app's own address.
 */
export type OutgoingMail = Mail & { fromName?: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/** The address in MAIL_FROM (`Name <address>` or a bare address), to send from under another name. */
function senderAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to data/mail/ as an .eml file
 * (development), and the log says where.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log?: FastifyBaseLogger): Mailer {
  const message = ({ fromName, ...mail }: OutgoingMail) => ({ ...mail, from: fromName ? { name: fromName, address: senderAddress(config.mailFrom) } : config.mailFrom });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(config.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      // Off the event loop, which the job worker shares with the requests: a burst of orders wrote
      // one .eml each, synchronously, in the middle of them.
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.info({ file, to: mail.to, subject: mail.subject }, 'mail written to file (no SMTP_URL)');
    },
  };
}
