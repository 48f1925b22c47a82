// Issue 40 §7 (migration 2026-12-06-107, decision 095): a store's vocabulary of words — the
// letter-only stems of its products' names and descriptions — where a typo's forms are looked up.
// Written by the database's triggers only; a word stays when no product has it any longer.

export interface ProductWordTable {
  storeId: number;
  word: string;
}
