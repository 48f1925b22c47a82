import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Access, INVITABLE_ROLES, PERMISSIONS, roleCan, STORE_AREAS, STORE_ROLES, type StoreArea } from './store-permissions.ts';

const source = readFileSync(new URL('./store-permissions.ts', import.meta.url), 'utf8');
const doc = readFileSync(new URL('../docs/permissions.md', import.meta.url), 'utf8');

/**
 * What each area covers, read from the doc comment above it in STORE_AREAS: the code's own words,
 * so that the table people read cannot say another thing than the comment beside the area.
 */
function areaDescriptions(): Map<string, string> {
  const list = source.slice(source.indexOf('export const STORE_AREAS'), source.indexOf('] as const', source.indexOf('export const STORE_AREAS')));
  return new Map([...list.matchAll(/\/\*\*\s*(.+?)\s*\*\/\s*'([a-z]+)'/g)].map(([, text, area]) => [area!, text!]));
}

const CELL: Record<Access, string> = { write: 'changes', read: 'reads', none: '—' };

/** The matrix as the Markdown table docs/permissions.md holds: one row per area, one column per role. */
function permissionTable(): string {
  const covers = areaDescriptions();
  const rows = STORE_AREAS.map((area: StoreArea) => `| \`${area}\` | ${covers.get(area) ?? ''} | ${STORE_ROLES.map((role) => CELL[PERMISSIONS[role][area]]).join(' | ')} |`);
  return [`| area | what it covers | ${STORE_ROLES.join(' | ')} |`, `|---|---|${STORE_ROLES.map(() => '---|').join('')}`, ...rows].join('\n');
}

describe('the permission matrix', () => {
  it('gives every area a doc comment saying what it covers', () => {
    const covers = areaDescriptions();
    expect([...covers.keys()]).toEqual([...STORE_AREAS]);
  });

  it('is shown in docs/permissions.md exactly as the code has it', () => {
    // On a change to PERMISSIONS or STORE_AREAS, copy the table printed below into the document.
    // The document's one table, from its header row to the first line that is not a row.
    const lines = doc.split('\n');
    const start = lines.findIndex((line) => line.startsWith('| area |'));
    const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
    const shown = start < 0 ? '' : lines.slice(start, end < 0 ? undefined : end).join('\n');
    expect(shown, `docs/permissions.md must hold this table:\n\n${permissionTable()}\n`).toBe(permissionTable());
  });

  it('keeps the roles the issue gives them', () => {
    // Owner: everything. Administrator: everything but the plan, deleting the store and managing staff.
    expect(STORE_AREAS.every((area) => PERMISSIONS.owner[area] !== 'none')).toBe(true);
    expect(roleCan('administrator', { area: 'plan', write: false })).toBe(false);
    expect(roleCan('administrator', { area: 'delete', write: true })).toBe(false);
    expect(roleCan('administrator', { area: 'staff', write: true })).toBe(false);
    expect(roleCan('administrator', { area: 'catalogue', write: true })).toBe(true);
    // Viewer: read-only.
    expect(STORE_AREAS.some((area) => roleCan('viewer', { area, write: true }))).toBe(false);
    // Catalogue and orders clerks never see each other's work.
    expect(roleCan('catalogue', { area: 'orders', write: false })).toBe(false);
    expect(roleCan('orders', { area: 'catalogue', write: false })).toBe(false);
    expect(INVITABLE_ROLES).not.toContain('owner');
  });
});
