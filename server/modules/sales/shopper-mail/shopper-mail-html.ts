import { createElement as h, type CSSProperties, Fragment, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Fact, ShopperMailContent } from './shopper-mail-content.ts';

// The HTML part of a shopper's e-mail, drawn with React Email's components (decision 093): tables
// and inline styles that Outlook, Gmail and Apple Mail draw alike, an MSO-safe button, and an order
// that still reads top to bottom in a client that drops every style. Written with `createElement`:
// server code is run by Node's type stripping, which does not read JSX. React escapes every text
// and attribute, so a store's or a shopper's words cannot become markup.

const SANS = '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MUTED = '#52525b';
const RULE = '#e4e4e7';

const text = (style: CSSProperties = {}): CSSProperties => ({ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px', ...style });
const small: CSSProperties = { fontSize: '13px', lineHeight: '18px', margin: '0', color: MUTED };
const pad: CSSProperties = { padding: '0 24px' };

/** React Email's Row types its children as a prop: given as one fragment, so they need no keys. */
const row = (props: { key: string; style?: CSSProperties }, ...cells: ReactNode[]) => h(Row, { ...props, children: h(Fragment, null, ...cells) });

/** Lines of a text kept as lines (a note typed on several), without relying on `white-space`. */
function withBreaks(value: string): ReactNode[] {
  return value.split(/\r?\n/).flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: `br${index}` }), line]));
}

function factRows(facts: readonly (Fact & { grand?: boolean })[], ink: string): ReactNode[] {
  return facts.map((fact, index) => {
    const grand = fact.grand === true;
    const cell: CSSProperties = { padding: grand ? '10px 0 4px' : '4px 0', fontSize: grand ? '17px' : '15px', lineHeight: '22px', verticalAlign: 'top', ...(grand ? { borderTop: `1px solid ${RULE}`, fontWeight: 700, color: ink } : {}) };
    return row({ key: `fact${index}` }, h(Column, { style: { ...cell, color: grand ? ink : MUTED } }, fact.label), h(Column, { align: 'right', style: { ...cell, fontWeight: grand ? 700 : 600, whiteSpace: 'nowrap' } }, fact.value));
  });
}

function header(content: ShopperMailContent): ReactNode {
  const { store } = content;
  return h(
    Section,
    { style: { padding: '24px 24px 8px' } },
    store.logoUrl
      ? h(Img, { src: store.logoUrl, alt: store.name, height: '48', style: { maxHeight: '48px', maxWidth: '240px', height: 'auto', width: 'auto' } })
      : h(Text, { style: { fontSize: '20px', lineHeight: '26px', fontWeight: 700, color: store.colors.ink, margin: '0' } }, store.name),
  );
}

function summary(content: ShopperMailContent): ReactNode {
  const { ink } = content.store.colors;
  return h(
    Section,
    { style: pad },
    h(Heading, { as: 'h2', style: { fontSize: '18px', lineHeight: '24px', margin: '8px 0 12px', color: ink } }, content.summary.title),
    ...content.summary.lines.map((line, index) =>
      row(
        { key: `line${index}`, style: { borderBottom: `1px solid ${RULE}` } },
        h(Column, { style: { padding: '8px 12px 8px 0', verticalAlign: 'top' } },
          h(Text, { style: text({ margin: '0', fontWeight: 600, color: ink }) }, line.name),
          h(Text, { style: small }, line.each, line.sku ? ` · ${line.sku}` : ''),
        ),
        h(Column, { align: 'right', style: { padding: '8px 0', verticalAlign: 'top', fontSize: '15px', lineHeight: '22px', whiteSpace: 'nowrap', color: ink } }, line.total),
      ),
    ),
    h(Section, { style: { marginTop: '8px' } }, ...factRows(content.summary.totals, ink)),
    content.summary.note ? h(Text, { style: { ...small, margin: '8px 0 16px' } }, content.summary.note) : null,
  );
}

function shopperMailElement(content: ShopperMailContent) {
  const { colors } = content.store;
  const ink = colors.ink;
  const h2: CSSProperties = { fontSize: '18px', lineHeight: '24px', margin: '4px 0 8px', color: ink };
  return h(
    Html,
    { lang: content.lang },
    h(Head, null, h('title', null, content.subject)),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: { backgroundColor: '#f4f4f5', margin: '0', padding: '16px 0', fontFamily: SANS, color: ink } },
      h(
        Container,
        { style: { maxWidth: '600px', backgroundColor: '#ffffff', borderTop: `4px solid ${colors.accent}`, borderRadius: '4px' } },
        header(content),
        h(
          Section,
          { style: pad },
          h(Heading, { as: 'h1', style: { fontSize: '24px', lineHeight: '30px', margin: '8px 0 16px', color: ink } }, content.heading),
          ...content.paragraphs.map((paragraph, index) => h(Text, { key: `p${index}`, style: text() }, paragraph)),
          content.note &&
            h(Section, { style: { borderLeft: `4px solid ${colors.accent}`, backgroundColor: '#f8f8f9', padding: '10px 14px', margin: '4px 0 16px' } },
              h(Text, { style: text({ margin: '0 0 4px', fontWeight: 700 }) }, content.note.label),
              h(Text, { style: text({ margin: '0' }) }, ...withBreaks(content.note.text)),
            ),
          content.payment &&
            h(Section, { style: { border: `1px solid ${RULE}`, borderRadius: '6px', padding: '12px 16px', margin: '4px 0 16px' } },
              h(Heading, { as: 'h2', style: h2 }, content.payment.title),
              ...content.payment.paragraphs.map((paragraph, index) => h(Text, { key: `pay${index}`, style: text() }, paragraph)),
              ...factRows(content.payment.facts, ink),
              ...content.payment.after.map((paragraph, index) => h(Text, { key: `after${index}`, style: text({ margin: '12px 0 0' }) }, paragraph)),
            ),
          content.tracking &&
            h(Section, { style: { margin: '4px 0 16px' } },
              h(Heading, { as: 'h2', style: h2 }, content.tracking.title),
              ...content.tracking.items.map((item, index) =>
                h(Text, { key: `t${index}`, style: text() }, item.text, item.url ? h(Fragment, null, h('br'), h(Link, { href: item.url, style: { color: colors.link, textDecoration: 'underline' } }, content.tracking!.linkLabel)) : null),
              ),
            ),
          h(Section, { style: { margin: '8px 0 24px' } },
            h(Button, { href: content.action.url, style: { backgroundColor: colors.accent, color: colors.onAccent, padding: '12px 22px', borderRadius: '6px', fontSize: '16px', fontWeight: 600 } }, content.action.label),
          ),
        ),
        h(Hr, { style: { borderTop: `1px solid ${RULE}`, margin: '0 0 16px' } }),
        summary(content),
        content.delivery &&
          h(Section, { style: { ...pad, paddingTop: '16px' } },
            h(Heading, { as: 'h2', style: h2 }, content.delivery.title),
            h(Text, { style: text() }, ...content.delivery.lines.flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: `d${index}` }), line]))),
          ),
        h(Hr, { style: { borderTop: `1px solid ${RULE}`, margin: '8px 0 16px' } }),
        h(Section, { style: { ...pad, paddingBottom: '24px' } }, ...content.footer.map((line, index) => h(Text, { key: `f${index}`, style: { ...small, marginBottom: '6px' } }, line))),
      ),
    ),
  );
}

/** The HTML part: a whole document, as React Email renders it. */
export function shopperMailHtml(content: ShopperMailContent): Promise<string> {
  return render(shopperMailElement(content));
}
