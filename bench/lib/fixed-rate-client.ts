// The fixed-rate load generator's own process (fixed-rate.ts says why): reads a FixedRatePlan as
// JSON on stdin, prints each window on stderr as it ends and the results as JSON on stdout.
// Started with --expose-gc by fixedRateInFreshProcess.
import { type FixedRatePlan, runPlan } from './fixed-rate.ts';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) throw new Error('start this process with --expose-gc');
process.stdout.write(JSON.stringify(await runPlan(JSON.parse(input) as FixedRatePlan, collectGarbage)));
