import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

type Params = { memory: number; passes: number; parallelism: number; tagLength: number };

// OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. Kept in the hash so they can change later.
export const PASSWORD_PARAMS: Params = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };
// The test suites' (TEST_WORK_FACTORS, decision 041): the same algorithm and format, a thousandth of
// the work, so the thousands of users the tests make cost nothing; never on a served site.
const TEST_PARAMS: Params = { memory: 64, passes: 1, parallelism: 1, tagLength: 32 };

async function derive(password: string, nonce: Buffer, params: Params): Promise<Buffer> {
  return argon2Async('argon2id', { message: Buffer.from(password, 'utf8'), nonce, ...params });
}

/** PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash (base64 without padding). */
export async function hashPassword(password: string, { testWorkFactors = false }: { testWorkFactors?: boolean } = {}): Promise<string> {
  const params = testWorkFactors ? TEST_PARAMS : PASSWORD_PARAMS;
  const salt = randomBytes(16);
  const hash = await derive(password, salt, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
