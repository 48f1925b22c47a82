// Enough of MIME (RFC 2045/2046) to read back a message the real SMTP server received: its headers
// (encoded words decoded), its text parts, and its attachments' bytes, base64 or quoted-printable
// as nodemailer writes them. For assertions on e-mails with files (the SRI buyer's copy).

export type MimePart = { headers: Map<string, string>; body: Buffer };
export type ParsedMail = { headers: Map<string, string>; text: string; html: string; attachments: { filename: string; contentType: string; content: Buffer }[] };

const CRLF = /\r?\n/;

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded lines continue the header above them.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(CRLF)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(\s+(?==\?))?/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function quotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'latin1'));
  }
  return Buffer.from(bytes);
}

const param = (header: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '')?.[1];

function decodeBody(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  return Buffer.from(body.replace(/\r?\n$/, ''), 'latin1');
}

/** Every leaf part of a message, depth first. */
function leaves(raw: string): MimePart[] {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary) return [{ headers, body: decodeBody(headers, body) }];
  const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
  // The preamble before the first boundary and the epilogue after the last are no parts.
  return parts.slice(1, -1).filter((part) => part.trim() !== '').flatMap(leaves);
}

/** A message as received (the raw bytes read as latin1, so that 8-bit parts keep their bytes). */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = leaves(raw);
  const attachments = parts
    .filter((part) => /attachment/i.test(part.headers.get('content-disposition') ?? ''))
    .map((part) => ({
      filename: param(part.headers.get('content-disposition'), 'filename') ?? '',
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: part.body,
    }));
  const textOf = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(type) && !/attachment/i.test(p.headers.get('content-disposition') ?? ''));
    return part ? part.body.toString('utf8') : '';
  };
  return { headers, text: textOf('text/plain'), html: textOf('text/html'), attachments };
}
