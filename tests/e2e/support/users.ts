import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { PROJECT_ROOT, prepareRun, serverEnv } from './servers.ts';

export type CliUser = { email: string; password: string; name: string; lastname: string; lockerCode: string };

/** An e-mail address no other test uses. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A user made the way production makes one: `scripts/create-user.ts` on the main server's database
 * (the e2e servers run without DEMO_DATA, so there are no demo users). Clients get a
 * locker code there as they do at registration.
 */
export function createUser(role: 'client' | 'staff' | 'admin', tag: string, name: string, lastname: string): CliUser {
  const email = uniqueEmail(tag);
  const password = `pw-${randomUUID().slice(0, 10)}`;
  const { runDir } = prepareRun();
  const output = execFileSync(
    'node_modules/.bin/node',
    ['scripts/create-user.ts', '--email', email, '--role', role, '--password', password, '--name', name, '--lastname', lastname],
    { cwd: PROJECT_ROOT, env: { ...process.env, ...serverEnv('main', runDir), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000, encoding: 'utf8' },
  );
  const lockerCode = /\((EC-\d+)\)/.exec(output)?.[1];
  if (!lockerCode) throw new Error(`create-user printed no locker code: ${output}`);
  return { email, password, name, lastname, lockerCode };
}
