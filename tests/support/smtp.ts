import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startSmtpServer() {
  const inbox: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The last message sent to an address, decoded enough to read links and text. */
    lastTo(address: string): string | undefined {
      const mail = [...inbox].reverse().find((m) => m.to.includes(address));
      return mail ? decodeQuotedPrintable(mail.raw) : undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bytes = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');

/** Enough MIME decoding for assertions: encoded words in headers (RFC 2047) and quoted-printable bodies. */
function decodeQuotedPrintable(raw: string): string {
  const headersDecoded = raw.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : bytes(text.replace(/_/g, ' ')),
  );
  return bytes(headersDecoded.replace(/=\r?\n/g, ''));
}
