// Free slugs in linear time (issue 21 §1, issue 20 §5). A new record whose slug is derived from its
// name gets the base when it is free, else `base-2`, `base-3`, … — the first free one. Trying from
// 2 upwards for every record made n records of one name cost n²/2 tries (317,052 rows: 28 minutes);
// a counter per base, seeded once with the slugs in use, makes each try happen at most once.

export class FreeSlugs {
  readonly #taken: Set<string>;
  readonly #next = new Map<string, number>();
  #tries = 0;

  constructor(taken: Iterable<string>) {
    this.#taken = new Set(taken);
  }

  /** Whether a slug is in use (in the store, or handed out by this counter). */
  has(slug: string): boolean {
    return this.#taken.has(slug);
  }

  /** Marks a slug as in use (a slug typed by the user). */
  add(slug: string): void {
    this.#taken.add(slug);
  }

  /** How many slugs `take` has tried so far: at most one per slug it handed out plus one per slug in use. */
  get tries(): number {
    return this.#tries;
  }

  /** The first free slug of `base`, marked as in use. */
  take(base: string): string {
    this.#tries += 1;
    if (!this.#taken.has(base)) {
      this.#taken.add(base);
      return base;
    }
    let n = this.#next.get(base) ?? 2;
    for (this.#tries += 1; this.#taken.has(`${base}-${n}`); this.#tries += 1) n += 1;
    this.#next.set(base, n + 1);
    const slug = `${base}-${n}`;
    this.#taken.add(slug);
    return slug;
  }
}
