import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { fail } from './processes.ts';

/**
 * One Lighthouse run over `url`, asked again once when Lighthouse itself failed to record the page
 * (a `runtimeError` such as NO_NAVSTART: its trace missed the navigation, seen on the first run
 * after Chromium starts). Such a run has no figures at all, not a bad score: it would count as 0.
 */
export async function runLighthouse(url: string, flags: Flags): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await lighthouse(url, flags);
    if (!answer) fail(`lighthouse gave nothing for ${url}`);
    const error = answer.lhr.runtimeError;
    if (!error) return answer;
    if (attempt === 2) fail(`lighthouse could not record ${url} twice: ${error.code} ${error.message}`);
    console.log(`  (lighthouse could not record the page: ${error.code}; running it again)`);
  }
}
