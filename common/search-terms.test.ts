import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTerms, STOP_WORDS, stemWord } from '#common/search-terms.ts';

// stemWord reads STEM_STEPS by hand for one word (a typo's ~450 forms are each stemmed); the
// patterns themselves are what the index holds (`searchTerms`, and the database's triggers).
describe('stemWord', () => {
  const stops: readonly string[] = STOP_WORDS;
  // Words of a few letters (or a digit) ending as the patterns look at: -ces, -s after a vowel, a vowel.
  const head = fc.string({ unit: fc.constantFrom(...'aeioucsnrt1'), maxLength: 5 });
  const ending = fc.constantFrom('', 'ces', 'aces', 's', 'as', 'es', 'os', 'is', 'a', 'e', 'o', 'u', 'z', 'c');
  const word = fc.tuple(head, ending).map(([start, end]) => start + end).filter((text) => text !== '' && !stops.includes(text));

  it('stems a word as the patterns do', () => {
    fc.assert(fc.property(word, (text) => stemWord(text) === searchTerms(text)), { numRuns: 5000 });
  });

  it('reads each step, and leaves a word with a digit as it is', () => {
    expect(['luces', 'lapices', 'camisetas', 'pantalones', 'camiseta', 'gorra', 'mes', 'taza', 'dos', 'ecos', 'algodon', 'abc1s'].map(stemWord)).toEqual(['luz', 'lapiz', 'camiset', 'pantalon', 'camiset', 'gorr', 'mes', 'taz', 'dos', 'eco', 'algodon', 'abc1s']);
  });
});
