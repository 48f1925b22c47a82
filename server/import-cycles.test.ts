import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// No import cycle in server/, common/ or app/ (decision 023), between files, and none between the
// server's modules (issue 38 §6). A small walk of the import graph rather than
// eslint-plugin-import-x's no-cycle: that plugin is not installed, would need a resolver for our
// `#` aliases, and re-parses every file for every lint run; this reads each file once. app/'s
// cycles are runtime ones too (desk-sales.tsx and its chart imported each other).
// Type-only imports count too: `ApiDeps` made a cycle of them between api.ts and the *.api.ts.

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['server', 'common', 'app'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('migrations'))
    .map((file) => path.join(folder, file));
}

/** `#server/x.ts`, `#common/x.ts`, `#app/x.tsx` and relative specifiers, as paths from the repository root. */
function resolve(from: string, specifier: string): string | null {
  const alias = /^#(server|common|app)\/(.+)$/.exec(specifier);
  if (alias) return path.join(alias[1]!, alias[2]!);
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(from), specifier));
  return null; // packages and node: builtins
}

function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap(sourceFiles);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) => resolve(file, match[1] ?? match[2]!)).filter((target): target is string => target !== null && known.has(target));
      return [file, targets];
    }),
  );
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * The unit a file belongs to in the module graph (issue 38 §6):
 * - a module, `server/modules/<name>/`, is one unit, whatever its files import among themselves;
 * - its HTTP edge (`*.api.ts`, `*.routes.ts`) is a unit of its own, `<name> (http)`: an edge takes
 *   the bound services of every module (`Services`, server/services.ts), as app/'s routes do, so it
 *   sits above server/services.ts while the module's rules sit below it;
 * - sales, `server/modules/sales/` (issue 38 §6: checkout and the storefront's cart, orders,
 *   invoices, credit notes, customers, the store's sales settings and the certificate that signs
 *   their documents are one workflow), is one module like any other, its folders its parts;
 * - every other file (server/tenancy, server/events, server/db, server/api, server/plugins, the
 *   files at server/'s top, common/, app/) is a unit of its own. Those folders group the kernel by kind,
 *   and its files reference each other by design (the store guard in db/ reads tenancy's active
 *   store, whose repositories take db's `Db`), so the file walk above keeps them acyclic; a module
 *   that reaches back to itself through any of their files is still a cycle here.
 */
function unitOf(file: string): string {
  const module = /^server\/modules\/([^/]+)\//.exec(file)?.[1];
  if (!module) return file;
  return /[.-]api\.tsx?$|\.routes\.tsx?$/.test(file) ? `${module} (http)` : module;
}

/** The file graph folded into units; each arrow keeps one import that makes it, to say why. */
function unitGraph(files: Map<string, string[]>): { graph: Map<string, string[]>; why: Map<string, string> } {
  const graph = new Map<string, string[]>();
  const why = new Map<string, string>();
  for (const [file, targets] of files) {
    const from = unitOf(file);
    if (!graph.has(from)) graph.set(from, []);
    for (const target of targets) {
      const to = unitOf(target);
      if (to === from || why.has(`${from} → ${to}`)) continue;
      graph.get(from)!.push(to);
      why.set(`${from} → ${to}`, `${file} imports ${target}`);
    }
  }
  return { graph, why };
}

/** A cycle of units with the import behind each arrow. */
const explain = (cycle: string[], why: Map<string, string>) => [cycle.join(' → '), ...cycle.slice(1).map((to, i) => `  ${why.get(`${cycle[i]} → ${to}`)}`)].join('\n');

it('finds a cycle when there is one (the walk itself works)', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
});

it('has no import cycle in server/, common/ and app/', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  expect(graph.get('server/api/api.ts')).toContain('server/modules/alert/alert.api.ts');
  expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
});

it('folds files into modules and finds a cycle between modules (the fold itself works)', () => {
  const files = new Map([
    // Two modules whose services import each other: a cycle, though no file imports back.
    ['server/modules/a/a.service.ts', ['server/modules/b/b.service.ts']],
    ['server/modules/b/b.service.ts', ['server/modules/b/b.repository.ts']],
    ['server/modules/b/b.repository.ts', ['server/modules/a/a-types.ts']],
    ['server/modules/a/a-types.ts', []],
    // An edge reaching its own module through services.ts, and two sales modules importing each
    // other: neither is a cycle between units.
    ['server/modules/a/a.api.ts', ['server/services.ts']],
    ['server/services.ts', ['server/modules/a/a.service.ts']],
    ['server/modules/sales/invoice/invoice.service.ts', ['server/modules/sales/credit-note/credit-note.service.ts']],
    ['server/modules/sales/credit-note/credit-note.service.ts', ['server/modules/sales/invoice/invoice-xml.ts']],
    ['server/modules/sales/invoice/invoice-xml.ts', []],
  ]);
  expect(findCycles(files)).toEqual([]);
  const { graph, why } = unitGraph(files);
  expect(findCycles(graph).map((cycle) => explain(cycle, why))).toEqual([
    ['a → b → a', '  server/modules/a/a.service.ts imports server/modules/b/b.service.ts', '  server/modules/b/b.repository.ts imports server/modules/a/a-types.ts'].join('\n'),
  ]);
});

it('has no import cycle between the server\'s modules', () => {
  const { graph, why } = unitGraph(importGraph());
  expect(graph.get('sales')).toContain('store');
  expect(graph.get('server/services.ts')).toContain('sales');
  const cycles = findCycles(graph).map((cycle) => explain(cycle, why));
  // Printed whole, with the import behind each arrow: the diff below cuts long strings.
  if (cycles.length > 0) console.log(`Import cycles between modules:\n${cycles.join('\n')}`);
  expect(cycles).toEqual([]);
});
