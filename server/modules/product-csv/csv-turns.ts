import { setImmediate as yieldToOthers } from 'node:timers/promises';

// Turns for other requests during the catalog import's long passes (issue 36 §10, decision 085).
// A count alone was tuned to one kind of row: 1,000 rows of the plan held a loaded process 40–110 ms,
// and a row with 20,000 characters of HTML costs a hundred short ones. So a pass gives a turn after
// TURN_ITEMS items or TURN_MS of holding the process, whichever comes first: the count keeps the
// turns regular (and what a test can count on), the clock bounds the hold whatever the rows are.

/** Items (rows, records, catalog entries) done between two turns at most. */
export const TURN_ITEMS = 250;
/** Milliseconds of one stretch at most, checked at each item. */
export const TURN_MS = 8;

/** One import's stretches of synchronous work: `await turns.step()` after each item of any pass. */
export class Turns {
  #items = 0;
  #since = performance.now();

  /** Counts `items` done; a turn for other requests when the stretch has had its share (else nothing to wait for). */
  step(items = 1): Promise<void> | undefined {
    this.#items += items;
    if (this.#items < TURN_ITEMS && performance.now() - this.#since < TURN_MS) return undefined;
    return this.give();
  }

  /** A turn for other requests now, and a new stretch after it. */
  async give(): Promise<void> {
    await yieldToOthers();
    this.#items = 0;
    this.#since = performance.now();
  }
}
