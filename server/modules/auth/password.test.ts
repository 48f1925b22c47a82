import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_PARAMS, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id at OWASP\'s minimum unless a test server asks for less, and verify either way', async () => {
    const full = await hashPassword('secret123');
    expect(full).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${PASSWORD_PARAMS.memory},t=${PASSWORD_PARAMS.passes},p=1\\$`));
    expect(PASSWORD_PARAMS.memory).toBeGreaterThanOrEqual(19_456);
    const cheap = await hashPassword('secret123', { testWorkFactors: true });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    for (const hash of [full, cheap]) {
      expect(await verifyPassword('secret123', hash)).toBe(true);
      expect(await verifyPassword('secret124', hash)).toBe(false);
    }
  });
});
