// What the catalogue's search index holds and what a shopper's query is turned into (decision 095):
// one small Spanish stemmer of ours, so that "lampara" finds "Lámpara", "algodon" "algodón" and
// "camisetas" "Camiseta", the same on SQLite and on PostgreSQL.
//
// Every step is a regular expression over the text padded with spaces, each word matched from the
// space before it to the space after it, so the match is the whole word and nothing else: the
// same pattern reads the same in JavaScript and in PostgreSQL's regular expressions, and
// migration 2026-12-06-103 writes these very patterns into the database function its triggers
// index with (`tb_search_terms`; SQLite's triggers call this module through `search_terms`).
// A change here is a new migration with the new patterns and a rebuild of the index.

/** Words too common to search by ("camiseta de algodón" must find "Camiseta algodón"). */
export const STOP_WORDS = ['a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por', 'sin', 'su', 'sus', 'u', 'un', 'una', 'y', 'and', 'for', 'of', 'the', 'with'] as const;

/** The stemmer's steps, in order: [pattern, replacement] (`$1` is the first group). */
export const STEM_STEPS: readonly (readonly [string, string])[] = [
  // a plural in -ces after a vowel is a singular in -z: luces → luz, lápices → lapiz
  [' ([a-z]+[aeiou])ces(?= )', ' $1z'],
  // a plural -s after a, e or o goes (words of four letters or more): camisetas → camiseta, pantalones → pantalone
  [' ([a-z]{2,}[aeo])s(?= )', ' $1'],
  // then the final vowel of gender and number (words of four letters or more): camiseta → camiset, pantalone → pantalon
  [' ([a-z]{3,})[aeo](?= )', ' $1'],
];

const TAGS = /<[^>]*>/g;
const NOT_WORD = /[^a-z0-9]+/g;
const STOP = new RegExp(` (?:${STOP_WORDS.join('|')})(?= )`, 'g');
const STEPS = STEM_STEPS.map(([pattern, replacement]) => [new RegExp(pattern, 'g'), replacement] as const);

/** Lowercase, without accents or marks (ñ is n, as PostgreSQL's `unaccent` has it), tags and punctuation gone: words joined by one space. */
export function foldText(text: string): string {
  return text.replace(TAGS, ' ').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(NOT_WORD, ' ').trim();
}

function stemPadded(padded: string): string {
  let text = padded;
  for (const [pattern, replacement] of STEPS) text = text.replace(pattern, replacement);
  return text;
}

/** The words of a folded text, stop words out, each stemmed. */
function stemFolded(folded: string): string[] {
  return stemPadded(` ${folded} `.replace(STOP, ' ')).split(' ').filter(Boolean);
}

/** What the index holds for a text: its stems in order, one space between (the `search_terms` SQL function on SQLite). */
export function searchTerms(text: string | null): string {
  return stemFolded(foldText(text ?? '')).join(' ');
}

/**
 * A term as one store's index holds it on SQLite: `s<store>x<stem>` (decision 095's amendment of
 * issue 40 §7). One term list per store and word: a search reads only its store's matches, where a
 * `store` column AND-ed with the word walked the 100,000-product store's whole list for every word.
 * Unambiguous: a store id is digits, so the first `x` ends it.
 */
export const storeTerm = (storeId: number, stem: string): string => `s${storeId}x${stem}`;

/** `searchTerms` with each stem as `storeTerm` (the `store_search_terms` SQL function on SQLite). */
export function storeSearchTerms(storeId: number, text: string | null): string {
  const terms = stemFolded(foldText(text ?? ''));
  return terms.map((stem) => storeTerm(storeId, stem)).join(' ');
}

/**
 * The words of a product's name and description a typo may land on: their stems of letters only,
 * each once (the `product_words` SQL function on SQLite, kept in `product_word` by migration
 * 2026-12-06-107). Codes and numbers are not typed with a typo forgiven (`queryWords`).
 */
export function typoWords(name: string | null, description: string | null): string[] {
  return [...new Set(stemFolded(foldText(`${name ?? ''} ${description ?? ''}`)).filter((stem) => /^[a-z]+$/.test(stem)))];
}

/**
 * One word's stem (a folded word: lowercase letters and digits): STEM_STEPS read by hand for a
 * single word, each step only on a word of letters alone, as the patterns' `[a-z]` from the space
 * before it has it. A typo's ~450 forms are each stemmed, and the three replaces over a padded
 * copy cost ~0.2 ms a search; search-terms.test.ts holds this equal to the patterns.
 */
export function stemWord(word: string): string {
  return /^[a-z]+$/.test(word) ? stemLetters(word) : word;
}

/** `stemWord` of a word known to be of letters alone (a typo's forms, made from such a word). */
function stemLetters(word: string): string {
  let stem = word;
  // luces → luz
  if (stem.length >= 5 && stem.endsWith('ces') && 'aeiou'.includes(stem[stem.length - 4]!)) return `${stem.slice(0, -3)}z`;
  // camisetas → camiseta
  if (stem.length >= 4 && stem.endsWith('s') && 'aeo'.includes(stem[stem.length - 2]!)) stem = stem.slice(0, -1);
  // camiseta → camiset
  if (stem.length >= 4 && 'aeo'.includes(stem[stem.length - 1]!)) stem = stem.slice(0, -1);
  return stem;
}

/** A search ranks and counts at most this many of a store's matches, the newest (a page then says "more than 1,000"). */
export const TEXT_MATCH_CAP = 1000;

/** Queries read this many words at most. */
export const MAX_QUERY_WORDS = 8;
/** A word of this many letters or more may have one typo (shorter ones are too easily another word). */
export const TYPO_MIN_LETTERS = 4;
/** Typos are tolerated in this many words of a query at most (each word brings ~50 forms per letter). */
const TYPO_MAX_WORDS = 4;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Each word one edit away, handed to `visit` as it is made (some more than once). */
function eachEditAway(word: string, visit: (form: string) => void): void {
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) visit(head + tail.slice(1));
    if (tail.length > 1) visit(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      visit(head + letter + tail);
      if (tail) visit(head + letter + tail.slice(1));
    }
  }
}

/** Every word one edit away: a letter dropped, added, changed, or two neighbours swapped (camiseat → camiseta). */
export function oneEditAway(word: string): string[] {
  const forms = new Set<string>();
  eachEditAway(word, (form) => forms.add(form));
  forms.delete(word);
  return [...forms];
}

/** One word of a query: its stem, and with typos forgiven the stems of its forms one edit away. */
export type QueryWord = { stem: string; typos: string[] };

/**
 * A shopper's query as the index reads it: every word must match (AND), by its stem or — with
 * `typos`, for words of TYPO_MIN_LETTERS letters or more — by the stem of a form one edit away, in
 * a name or a description only (a code is not a word: "gorra" must not find the SKU "GOR-1").
 * The search asks with typos only when the words as typed found nothing. Terms are lowercase
 * letters and digits only: nothing of the query's own syntax reaches either database's query
 * language. Empty when the query has no word to search by.
 */
export function queryWords(query: string, options: { typos?: boolean } = {}): QueryWord[] {
  const words = [...new Set(` ${foldText(query)} `.replace(STOP, ' ').split(' ').filter(Boolean))].slice(0, MAX_QUERY_WORDS);
  let typoWords = 0;
  return words.map((word) => {
    const stem = stemWord(word);
    if (!options.typos || !/^[a-z]+$/.test(word) || word.length < TYPO_MIN_LETTERS || typoWords++ >= TYPO_MAX_WORDS) return { stem, typos: [] };
    // Each form's stem, in the order `oneEditAway` lists the forms, stemmed as they are made
    // rather than listed first, and as words of letters (the word is): ~0.06 → ~0.04 ms a word of
    // eight letters (issue 40 §7). The word itself, one of them, has the word's stem, which goes.
    const typos = new Set<string>();
    eachEditAway(word, (form) => typos.add(stemLetters(form)));
    typos.delete(stem);
    return { stem, typos: [...typos] };
  });
}
