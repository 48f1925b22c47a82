// How a bench ends: its marks printed, its results written to bench/results/<name>-latest.json
// (not committed), and exit code 1 when a mark is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './settings.ts';

export type Mark = { name: string; value: unknown; ok: boolean };

export function reportMarks(name: string, marks: Mark[], results: object): void {
  console.log(`\nmarks:\n${marks.map((mark) => `  ${mark.ok ? 'ok  ' : 'MISS'} ${mark.name}: ${String(mark.value)}`).join('\n')}`);
  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), ...results, marks }, null, 2)}\n`);
  if (marks.some((mark) => !mark.ok)) process.exitCode = 1;
}
