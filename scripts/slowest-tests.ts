// npm run test:slowest [-- --top N]: the slowest test files of the last `npm test` (or of any run
// of Vitest or Playwright), from the reports in test-timing/ that vitest.config.ts and
// playwright.config.ts write beside their usual output. Where to look first when the suite nears
// its budget (tests/README.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from './cli-args.ts';

type VitestReport = { testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[] };
type PlaywrightSuite = { file?: string; suites?: PlaywrightSuite[]; specs?: { title: string; tests: { results: { duration: number }[] }[] }[] };

const DIR = path.join(import.meta.dirname, '..', 'test-timing');
const top = Number(parseArgs(process.argv.slice(2)).top ?? 15);

/** Seconds per file: a Vitest file from its start to its end; a Playwright file the sum of its tests' tries. */
function filesOf(report: VitestReport | { suites: PlaywrightSuite[] }): Map<string, { seconds: number; tests: number }> {
  const files = new Map<string, { seconds: number; tests: number }>();
  const add = (file: string, seconds: number, tests: number) => {
    const entry = files.get(file) ?? { seconds: 0, tests: 0 };
    files.set(file, { seconds: entry.seconds + seconds, tests: entry.tests + tests });
  };
  if ('testResults' in report) {
    for (const file of report.testResults) add(path.relative(path.dirname(DIR), file.name), (file.endTime - file.startTime) / 1000, file.assertionResults.length);
  } else {
    const walk = (suite: PlaywrightSuite, file: string) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests) add(file, test.results.reduce((sum, result) => sum + result.duration, 0) / 1000, 1);
      for (const child of suite.suites ?? []) walk(child, child.file ?? file);
    };
    for (const suite of report.suites) walk(suite, suite.file ?? '?');
  }
  return files;
}

if (!existsSync(DIR)) {
  console.error('no test-timing/ yet: run `npm test` (or Vitest, or Playwright) first');
  process.exit(1);
}
for (const name of readdirSync(DIR).filter((file) => file.endsWith('.json')).sort()) {
  const files = [...filesOf(JSON.parse(readFileSync(path.join(DIR, name), 'utf8'))).entries()].sort((a, b) => b[1].seconds - a[1].seconds);
  const total = files.reduce((sum, [, file]) => sum + file.seconds, 0);
  console.log(`\n${name}: ${files.length} files, ${Math.round(total)} s of their own time (two at a time: about half of it on the clock)`);
  for (const [file, { seconds, tests }] of files.slice(0, top)) console.log(`${seconds.toFixed(1).padStart(8)} s  ${String(tests).padStart(4)} tests  ${file}`);
}
