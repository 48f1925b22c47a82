import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// No import cycle in server/ or common/ (decision 023). A small walk of the import graph rather
// than eslint-plugin-import-x's no-cycle: that plugin is not installed, would need a resolver for
// our `#` aliases, and re-parses every file for every lint run; this reads ~100 files once.
// Type-only imports count too: `ApiDeps` made a cycle of them between api.ts and the *.api.ts.

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['server', 'common'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('migrations'))
    .map((file) => path.join(folder, file));
}

/** `#server/x.ts`, `#common/x.ts` and relative specifiers, as paths from the repository root. */
function resolve(from: string, specifier: string): string | null {
  const alias = /^#(server|common)\/(.+)$/.exec(specifier);
  if (alias) return path.join(alias[1]!, alias[2]!);
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(from), specifier));
  return null; // packages, node: builtins and #app… (forbidden in server/ by the linter)
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

it('finds a cycle when there is one (the walk itself works)', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
});

it('has no import cycle in server/ and common/', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  expect(graph.get('server/api/api.ts')).toContain('server/modules/alert/alert.api.ts');
  expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
});
