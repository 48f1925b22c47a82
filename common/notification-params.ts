import type { Locale } from './locale.ts';
import { formatDate } from './dates.ts';
import { formatMoney } from './money.ts';
import { formatWeight } from './weight.ts';

/**
 * A notification's parameters as its reader's language writes them. Rows store raw numbers (the
 * bell may be read in either language): a name ending in `Lb` is a weight, in `Cents` an amount.
 */
export function localizeNotificationParams(params: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      // A name ending in `At` is an ISO time, written as a date (a plan's expiry).
      if (typeof value === 'string' && name.endsWith('At') && !Number.isNaN(Date.parse(value))) return [name, formatDate(value, locale)];
      if (typeof value !== 'number') return [name, value];
      if (name.endsWith('Lb')) return [name, formatWeight(value, locale)];
      if (name.endsWith('Cents')) return [name, formatMoney(value, locale)];
      return [name, value];
    }),
  );
}
