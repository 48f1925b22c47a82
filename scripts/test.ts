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
/** Phases that run at once: lint, type check and build read the sources and write nothing the others read. */
type Step = Phase | Phase[];

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

const steps: Step[] = [
  // Three single-threaded tools side by side on CI's two cores: about a minute instead of one and a
  // half, each one's output printed whole when it ends (decision 041's sixth amendment).
  [
    { name: 'lint', command: [`${BIN}/eslint`, '.'] },
    { name: 'typecheck', command: ['sh', '-c', `"${BIN}/react-router" typegen && "${BIN}/tsc" --noEmit`] },
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  ],
  { name: 'vitest sqlite', command: [`${BIN}/vitest`, 'run'], env: sqlite },
  ...(postgres ? [{ name: 'vitest postgresql', command: [`${BIN}/vitest`, 'run'], env: postgres }] : []),
  // Three processes behind Caddy (decision 099): once, on PostgreSQL, alone on the machine's cores.
  ...(postgres ? [{ name: 'cluster postgresql', command: [`${BIN}/vitest`, 'run', 'tests/cluster'], env: { ...postgres, CLUSTER_TEST: '1' } }] : []),
  { name: 'playwright sqlite', command: [`${BIN}/playwright`, 'test'], env: { ...sqlite, ...browser } },
  ...(postgres ? [{ name: 'playwright postgresql', command: [`${BIN}/playwright`, 'test'], env: { ...postgres, ...browser } }] : []),
];

/** Runs a phase; `quiet` keeps its output and prints it whole at the end, so that phases side by side do not interleave theirs. */
function run(phase: Phase, quiet = false): Promise<number> {
  const [command, ...args] = phase.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...baseEnv, ...phase.env } });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      if (quiet) process.stdout.write(`\n== ${phase.name} ==\n${Buffer.concat(output).toString()}`);
      resolve(code);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${phase.name}: ${error.message}\n`));
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Each phase's own time; phases side by side are marked, and the total counts their step once (its longest). */
const times: { name: string; seconds: number; beside: boolean }[] = [];
let total = 0;
let failed: string | undefined;
for (const step of steps) {
  const phases = Array.isArray(step) ? step : [step];
  const together = phases.length > 1;
  if (together) console.log(`\n== ${phases.map((phase) => phase.name).join(', ')}, side by side ==`);
  else console.log(`\n== ${phases[0]!.name} ==`);
  const started = performance.now();
  const codes = await Promise.all(
    phases.map(async (phase) => {
      const code = await run(phase, together);
      times.push({ name: phase.name, seconds: (performance.now() - started) / 1000, beside: together });
      return code;
    }),
  );
  total += (performance.now() - started) / 1000;
  const first = codes.findIndex((code) => code !== 0);
  if (first >= 0) {
    failed = `${phases[first]!.name} (exit ${codes[first]})`;
    break;
  }
}

mkdirSync(path.dirname(PHASES_FILE), { recursive: true });
const label = (time: (typeof times)[number]) => `${time.name}${time.beside ? ' (beside)' : ''}`;
writeFileSync(PHASES_FILE, times.map((time) => `${label(time)}\t${time.seconds.toFixed(0)}`).join('\n') + '\n');
console.log('\n== time per phase ==');
for (const time of times) console.log(`${label(time).padEnd(24)}${formatSeconds(time.seconds)}`);
console.log(`${'total'.padEnd(24)}${formatSeconds(total)}`);
if (failed) {
  console.error(`\nfailed: ${failed}`);
  process.exit(1);
}

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`.padStart(12);
}
