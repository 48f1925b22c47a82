import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '#common/i18n/all-languages.ts';
import { type Column, DataTable } from './data-table.tsx';

// The list kit draws each row as a card on a narrow screen from the same columns (CSS only, so
// the server's HTML serves both widths): these tests read that HTML.
type Row = { id: number; tracking: string; store: string; status: string };
const rows: Row[] = [{ id: 7, tracking: '1Z999', store: 'Amazon', status: 'pending' }];

function render(columns: Column<Row>[]): string {
  const html = renderToString(
    <MantineProvider>
      <MemoryRouter initialEntries={['/alert']}>
        <DataTable caption="Alertas" rows={rows} rowKey={(row) => row.id} sort="created" dir="desc" columns={columns} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return html;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/<!-- -->/g, '');

/** The body cells: their card place, label and text (no DOM in this environment: the markup is simple). */
function cells(html: string) {
  const body = /<tbody[^>]*>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '';
  // A fact, the usual place, is a cell without data-card (the CSS reads it so): fewer bytes a row.
  return [...body.matchAll(/(<td[^>]*>)([\s\S]*?)<\/td>/g)].map(([, tag = '', inner = '']) => ({ place: attribute(tag, 'data-card') ?? 'fact', label: attribute(tag, 'data-label'), text: text(inner), inner }));
}

describe('DataTable cards', () => {
  it('places columns written without hints: first is the title, status beside it, the rest facts, a nameless column an action', () => {
    const doc = render([
      { key: 'tracking', label: 'Tracking', sort: 'tracking', render: (row) => <a href={`/alert/show?id=${row.id}`}>{row.tracking}</a> },
      { key: 'store', label: 'Tienda', render: (row) => row.store },
      { key: 'status', label: 'Estado', render: (row) => <span data-status={row.status}>Pendiente</span> },
      { key: 'toggle', label: '', render: () => <button type="submit">Desactivar</button> },
    ]);
    const found = cells(doc);
    expect(found.map(({ place, label, text }) => ({ place, label, text }))).toEqual([
      { place: 'title', label: 'Tracking', text: '1Z999' },
      { place: 'fact', label: 'Tienda', text: 'Amazon' },
      { place: 'status', label: 'Estado', text: 'Pendiente' },
      { place: 'action', label: '', text: 'Desactivar' },
    ]);
    // The record link stays a real link, inside the card's title.
    expect(found[0]?.inner).toContain('<a href="/alert/show?id=7">');
  });

  it('follows the hints a column gives', () => {
    const doc = render([
      { key: 'store', label: 'Tienda', card: 'fact', render: (row) => row.store },
      { key: 'tracking', label: 'Tracking', card: 'title', render: (row) => row.tracking },
      { key: 'status', label: 'Estado', card: 'hidden', render: () => 'x' },
    ]);
    expect(cells(doc).map((cell) => cell.place)).toEqual(['fact', 'title', 'hidden']);
  });

  // The layout itself (a container query in data-table.module.css) is checked in a browser by
  // tests/e2e/list-cards.spec.ts; Vitest does not load CSS modules.
  it('keeps table semantics, which a table drawn as cards would lose without explicit roles', () => {
    const doc = render([{ key: 'tracking', label: 'Tracking', render: (row) => row.tracking }]);
    const table = /<table[^>]*>/.exec(doc)?.[0] ?? '';
    expect(attribute(table, 'role')).toBe('table');
    expect(/<tbody[^>]*>\s*<tr[^>]*role="row"/.test(doc)).toBe(true);
    expect(/<td[^>]*role="cell"/.test(doc)).toBe(true);
    expect(/<th[^>]*role="columnheader"/.test(doc)).toBe(true);
  });

  it('names an action column for screen readers without showing a title', () => {
    const doc = render([
      { key: 'name', label: 'Nombre', render: () => 'Ana' },
      { key: 'toggle', label: 'Acciones', hideLabel: true, render: () => <button type="submit">Desactivar</button> },
    ]);
    const header = [...doc.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)][1]?.[1] ?? '';
    expect(text(header)).toBe('Acciones');
    expect(header).toMatch(/data-visually-hidden/);
    expect(cells(doc)[1]?.place).toBe('action');
  });
});
