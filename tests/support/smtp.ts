import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server on a local port (a free one unless given) that keeps every message it receives. */
export async function startSmtpServer(port = 0) {
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const lastTo = (address: string, containing = ''): string | undefined =>
    [...inbox]
      .reverse()
      .map((m) => (m.to.includes(address) ? decodeQuotedPrintable(m.raw) : ''))
      .find((text) => text && text.includes(containing));
  return {
    url,
    inbox,
    /** The last message sent to an address (and containing a text), decoded enough to read links and text. */
    lastTo,
    /**
     * Mail leaves through the job queue, a moment after the request that caused it: waits (at most
     * `timeoutMs`) for a message to the address containing the text, and gives it decoded.
     */
    async waitForMail(address: string, containing = '', timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = lastTo(address, containing);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} containing "${containing}" within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
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
