import type { Fact, ShopperMailContent } from './shopper-mail-content.ts';

// The plain-text part of a shopper's e-mail: the same content as the HTML part, for clients and
// readers that show text only (and for spam filters, which distrust HTML alone). Sections are
// titled in capitals, lines and totals as "label: value".

const facts = (items: readonly Fact[]) => items.map((fact) => `${fact.label}: ${fact.value}`);
const title = (value: string) => value.toLocaleUpperCase();

export function shopperMailText(content: ShopperMailContent): string {
  const blocks: string[][] = [[content.store.name], [content.heading], ...content.paragraphs.map((paragraph) => [paragraph])];
  if (content.note) blocks.push([`${content.note.label}:`, content.note.text]);
  if (content.payment) blocks.push([title(content.payment.title), ...content.payment.paragraphs, ...facts(content.payment.facts), ...content.payment.after]);
  if (content.tracking) {
    const label = content.tracking.linkLabel;
    blocks.push([title(content.tracking.title), ...content.tracking.items.flatMap((item) => [item.text, ...(item.url ? [`${label}: ${item.url}`] : [])])]);
  }
  blocks.push([`${content.action.label}: ${content.action.url}`]);
  blocks.push([title(content.summary.title), ...content.summary.lines.flatMap((line) => [`- ${line.name}${line.sku ? ` (${line.sku})` : ''}`, `  ${line.each} = ${line.total}`])]);
  blocks.push(facts(content.summary.totals));
  if (content.summary.note) blocks.push([content.summary.note]);
  if (content.delivery) blocks.push([title(content.delivery.title), ...content.delivery.lines]);
  blocks.push(['--', ...content.footer]);
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
