// A real SMTP server for the e2e run (a `webServer` of playwright.config.ts, run with the project's
// Node 24): the app sends its mail here through SMTP_URL, and the tests read what arrived over HTTP.
//
//   node tests/e2e/support/smtp-capture.ts            (SMTP_CAPTURE_SMTP_PORT, SMTP_CAPTURE_HTTP_PORT)
//   GET /messages?to=ana@example.com  → [{ to, from, subject, text, html, links, receivedAt }], oldest first
//   GET /healthz                       → ok (Playwright waits for it)
//
// Both listen on 127.0.0.1 only. Messages stay in memory for the life of the process (one run).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.SMTP_CAPTURE_SMTP_PORT ?? 3312);
const HTTP_PORT = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 3313);
const HOST = '127.0.0.1';
const MAX_MESSAGES = 5_000;

type Captured = { to: string[]; from: string; subject: string; text: string; html: string; links: string[]; receivedAt: string; raw: string };
const inbox: Captured[] = [];

// --- just enough MIME to read what the app sends (nodemailer: multipart/alternative, QP or base64) ---

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (subjects with accents). */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Walks the MIME tree and keeps the first text/plain and text/html parts. */
function readParts(raw: string, found: { text: string; html: string }) {
  const { headers, body } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      readParts(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  if (/^text\/html/i.test(type) && !found.html) found.html = decodeBody(headers, body);
  else if (/^text\/plain/i.test(type) && !found.text) found.text = decodeBody(headers, body);
}

function capture(raw: string, to: string[]): Captured {
  const { headers } = splitMessage(raw);
  const found = { text: '', html: '' };
  readParts(raw, found);
  const links = [...new Set([...`${found.text}\n${found.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
  return {
    to,
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: found.text,
    html: found.html,
    links,
    receivedAt: new Date().toISOString(),
    raw,
  };
}

// --- SMTP ---

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      inbox.push(capture(Buffer.concat(chunks).toString('utf8'), to));
      if (inbox.length > MAX_MESSAGES) inbox.shift();
      callback();
    });
  },
});
smtp.on('error', (error) => process.stderr.write(`smtp-capture: ${String(error)}\n`));

// --- HTTP ---

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}`);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && url.pathname === '/healthz') return send(200, { ok: true, messages: inbox.length });
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const withRaw = url.searchParams.get('raw') === '1';
    const list = inbox.filter((mail) => !to || mail.to.includes(to)).map(({ raw, ...mail }) => (withRaw ? { ...mail, raw } : mail));
    return send(200, list);
  }
  return send(404, { error: 'not found' });
});

smtp.listen(SMTP_PORT, HOST, () => {
  http.listen(HTTP_PORT, HOST, () => {
    process.stdout.write(`smtp-capture: SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}/messages\n`);
  });
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
