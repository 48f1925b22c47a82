import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { createBotCheck } from './bot-check.ts';

const secret = 's'.repeat(40);

async function solved(testWorkFactors: boolean) {
  const check = createBotCheck({ secret, recaptcha: undefined, testWorkFactors });
  if (check.kind !== 'altcha') throw new Error('expected the proof of work');
  const challenge = (await check.challenge()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  return { check, challenge, solution, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

describe('the proof of work', () => {
  it('costs a phone about a second unless a test server asks for less, and is verified once either way', async () => {
    const full = await solved(false);
    expect((full.challenge as { parameters: { cost: number } }).parameters.cost).toBe(1_000);
    expect(full.solution?.counter).toBeGreaterThanOrEqual(1_000);
    expect(await full.check.verify(full.payload)).toBe(true);
    // A solved challenge is accepted once.
    expect(await full.check.verify(full.payload)).toBe(false);

    const cheap = await solved(true);
    expect((cheap.challenge as { parameters: { cost: number } }).parameters.cost).toBe(10);
    expect(await cheap.check.verify(cheap.payload)).toBe(true);
  });
});
