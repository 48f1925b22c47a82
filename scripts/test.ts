// `npm test`: every check of the project, each phase once, in the order that fails fastest, and a
// table of where the time went at the end (decision 041).
//
// The SQLite legs always run. With TEST_POSTGRES_URL set (`.ci/run` sets it), the same Vitest files
// run again on PostgreSQL, and so do the journeys whose behaviour depends on the database (tagged
// @db); lint, type check and build do not depend on the database and run once.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = path.join(ROOT, 'node_modules/.bin');
/** The phases' times, for `.ci/run` to print beside the install's. */
const PHASES_FILE = path.join(ROOT, 'test-results/phases.tsv');

type Phase = { name: string; command: string[]; env?: Record<string, string> };

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl !== undefined && !/^postgres(ql)?:\/\//.test(postgresUrl)) {
  console.error(`TEST_POSTGRES_URL must be a postgres:// address, not "${postgresUrl}"`);
  process.exit(2);
}
// A DATABASE_URL of the caller's own would send both legs to one database: the legs choose theirs.
const { DATABASE_URL: _callerDatabase, ...baseEnv } = process.env;
const sqlite = {};
const postgres = postgresUrl ? { DATABASE_URL: postgresUrl } : undefined;
// Journeys save their screenshots only when asked (SCREENSHOTS=1): in the suite nobody looks at
// them, and 800 full-page pictures cost CI about five minutes (decision 041). A journey run on its
// own (`npx playwright test x.spec.ts`) saves them, for a person to look at.
const browser = { SCREENSHOTS: process.env.SCREENSHOTS ?? '0' };

const phases: Phase[] = [
  { name: 'lint', command: [`${BIN}/eslint`, '.'] },
  { name: 'typecheck', command: ['sh', '-c', `"${BIN}/react-router" typegen && "${BIN}/tsc" --noEmit`] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'vitest sqlite', command: [`${BIN}/vitest`, 'run'], env: sqlite },
  ...(postgres ? [{ name: 'vitest postgresql', command: [`${BIN}/vitest`, 'run'], env: postgres }] : []),
  // Three processes behind Caddy (decision 099): once, on PostgreSQL, alone on the machine's cores.
  ...(postgres ? [{ name: 'cluster postgresql', command: [`${BIN}/vitest`, 'run', 'tests/cluster'], env: { ...postgres, CLUSTER_TEST: '1' } }] : []),
  { name: 'playwright sqlite', command: [`${BIN}/playwright`, 'test'], env: { ...sqlite, ...browser } },
  ...(postgres ? [{ name: 'playwright postgresql', command: [`${BIN}/playwright`, 'test'], env: { ...postgres, ...browser } }] : []),
];

function run(phase: Phase): Promise<number> {
  const [command, ...args] = phase.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { cwd: ROOT, stdio: 'inherit', env: { ...baseEnv, ...phase.env } });
    child.on('error', (error) => {
      console.error(`${phase.name}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times: [string, number][] = [];
let failed: string | undefined;
for (const phase of phases) {
  console.log(`\n== ${phase.name} ==`);
  const started = performance.now();
  const code = await run(phase);
  times.push([phase.name, (performance.now() - started) / 1000]);
  if (code !== 0) {
    failed = `${phase.name} (exit ${code})`;
    break;
  }
}

mkdirSync(path.dirname(PHASES_FILE), { recursive: true });
writeFileSync(PHASES_FILE, times.map(([name, seconds]) => `${name}\t${seconds.toFixed(0)}`).join('\n') + '\n');
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log('\n== time per phase ==');
for (const [name, seconds] of times) console.log(`${name.padEnd(24)}${formatSeconds(seconds)}`);
console.log(`${'total'.padEnd(24)}${formatSeconds(total)}`);
if (failed) {
  console.error(`\nfailed: ${failed}`);
  process.exit(1);
}

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`.padStart(12);
}
