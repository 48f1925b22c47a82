import type { TestApp } from './test-app.ts';
import { getPage } from './forms.ts';

/**
 * A checklist's steps as a page draws them (step → "true" done, or "false"), or null when the page
 * has no such list: the list's `data-testid` is `list`, each step's `${list-prefix}-{step}` with its
 * `data-done`, on one `<li>` in any order (the desk's first steps, its store set-up).
 */
export async function checklistSteps(app: TestApp['app'], cookie: string, { list, step, url = '/' }: { list: string; step: string; url?: string }) {
  const body = (await getPage(app, url, cookie)).body;
  if (!body.includes(`data-testid="${list}"`)) return null;
  const found: Record<string, string> = {};
  for (const [tag] of body.matchAll(new RegExp(`<li[^>]*data-testid="${step}-[^>]*>`, 'g'))) {
    found[new RegExp(`${step}-(\\w+)`).exec(tag)![1]!] = /data-done="(true|false)"/.exec(tag)![1]!;
  }
  return found;
}
