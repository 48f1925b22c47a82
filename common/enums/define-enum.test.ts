import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/all-languages.ts';
import { documentType, role } from './accounts.ts';
import { alertHistoryStep, alertStatus, consolidationStatus, packageStatus } from './casillero.ts';
import { defineEnum } from './define-enum.ts';
import { identificationType } from './identification.ts';
import { ticketCategory, ticketStatus } from './ticket.ts';

const registry = [alertStatus, packageStatus, consolidationStatus, alertHistoryStep, ticketStatus, ticketCategory, role, documentType, identificationType];

describe('the enum registry', () => {
  it('labels every value in both languages with the texts the screens always showed', () => {
    for (const locale of ['es', 'en'] as const) {
      const t = translator(locale);
      for (const def of registry) {
        for (const value of def.values as readonly string[]) {
          const key = (def.label as (value: string) => string)(value);
          // i18next answers a missing key with the key itself.
          expect(t(key as 'app.name'), `${locale} ${key}`).not.toBe(key);
        }
      }
    }
    expect(translator('es')(consolidationStatus.label('in_customs'))).toBe('En aduana');
    expect(translator('en')(ticketCategory.label('billing'))).toBe('Payments and billing');
  });

  it('gives each value its badge colour, gray where none is set', () => {
    expect(ticketStatus.color('open')).toBe('yellow');
    expect(consolidationStatus.color('delivered')).toBe('green');
    expect(ticketCategory.color('other')).toBe('gray');
  });

  it('parses its own values and refuses others with the given message key', () => {
    expect(alertStatus.schema().parse('received')).toBe('received');
    const refused = ticketCategory.schema('validation.required').safeParse('spam');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.required');
    expect(packageStatus.is('delivered')).toBe(true);
    expect(packageStatus.is('cancelled')).toBe(false);
    expect(packageStatus.is(3)).toBe(false);
  });

  it('builds the key of a new enum from its prefix', () => {
    const colour = defineEnum('sample', ['open', 'closed'], { labels: 'casillero.ticketStatus', colors: { open: 'teal', closed: 'gray' } });
    expect(colour.name).toBe('sample');
    expect(colour.label('closed')).toBe('casillero.ticketStatus.closed');
    expect(colour.color('open')).toBe('teal');
  });

  it('refuses at compile time a value without a label', () => {
    // @ts-expect-error `casillero.ticketStatus.lost` is no message: `tsc` fails here if the guard stops refusing it.
    const broken = defineEnum('broken', ['open', 'lost'], { labels: 'casillero.ticketStatus' });
    expect(broken.values).toEqual(['open', 'lost']);
  });
});
