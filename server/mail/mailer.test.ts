import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../tests/support/mime.ts';
import { startSmtpServer } from '../../tests/support/smtp.ts';
import { createMailer } from './mailer.ts';

// A message sent in a store's name (issue 40 §5) through a real SMTP server: the store's name is
// only a name, from the app's own address, and nothing a store types can add a header or a recipient.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Tiendabox <no-reply@tiendabox.ec>', dataDir: '/nonexistent' });
});
afterAll(() => smtp.close());

/** The raw message and its parsed form, sent to a fresh address. */
async function sent(mail: { fromName?: string; replyTo?: string }) {
  const to = `comprador-${crypto.randomUUID()}@example.com`;
  await mailer.send({ to, subject: 'Tu pedido #7', text: 'Hola', html: '<p>Hola</p>', ...mail });
  const received = smtp.inbox.filter((one) => one.to.includes(to));
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual([to]);
  const head = received[0]!.raw.slice(0, received[0]!.raw.search(/\r?\n\r?\n/));
  return { head, parsed: parseMail(received[0]!.raw) };
}

describe("a message in a store's name", () => {
  it("comes from the app's address under the store's name, answered at the store's address, with both parts", async () => {
    const { head, parsed } = await sent({ fromName: 'Tienda de María via Tiendabox', replyTo: 'ventas@tiendademaria.ec' });
    expect(parsed.headers.get('from')).toMatch(/^"?Tienda de María via Tiendabox"? <no-reply@tiendabox\.ec>$/);
    expect(parsed.headers.get('reply-to')).toBe('ventas@tiendademaria.ec');
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(parsed.text).toContain('Hola');
    expect(parsed.html).toContain('<p>Hola</p>');
  });

  it('keeps a name with quotes, commas, angle brackets, line breaks and accents one name, and drops a Reply-To that is not one address', async () => {
    const name = 'Tienda "La Jefa", <ventas@evil.example> María\r\nBcc: victima@example.com\u202e via Tiendabox';
    const { head, parsed } = await sent({ fromName: name, replyTo: 'ventas@tiendademaria.ec\r\nBcc: otra@example.com' });
    // one From line, whose only address is ours; no header the name or the address tried to add
    const fromLines = head.split(/\r?\n/).filter((line) => /^from:/i.test(line));
    expect(fromLines).toHaveLength(1);
    expect(head).not.toMatch(/^(bcc|cc|to):.*(victima|otra|evil)/im);
    expect(head).not.toMatch(/^reply-to:/im);
    expect(parsed.headers.get('from')!.endsWith('<no-reply@tiendabox.ec>')).toBe(true);
    expect(parsed.headers.get('from')!.match(/<[^<>]*>\s*$/)![0]).toBe('<no-reply@tiendabox.ec>');
    // read back, it is the store's name on one line, the bidi override gone
    expect(parsed.headers.get('from')).toContain('La Jefa');
    expect(parsed.headers.get('from')).toContain('María Bcc: victima@example.com via Tiendabox');
    expect(parsed.headers.get('from')).not.toContain('\u202e');
  });

  it('without a name comes from MAIL_FROM as it is', async () => {
    const { parsed } = await sent({});
    expect(parsed.headers.get('from')).toBe('Tiendabox <no-reply@tiendabox.ec>');
    expect(parsed.headers.has('reply-to')).toBe(false);
  });
});
