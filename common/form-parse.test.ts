import { describe, expect, it } from 'vitest';
import { isRequired, numberFields, parseForm, withFieldChecked } from './form-parse.ts';
import { AlertInputSchema } from './schemas/casillero.ts';
import { ConsolidationInputSchema } from './schemas/consolidation.ts';
import { SettingsSchema } from './schemas/setting.ts';

const alert = { trackingNumber: '1z999aa10123456784', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '89,99', expectedDate: '' };

describe('parseForm', () => {
  it('parses FormData with the shared schema, numbers read in the locale', () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(alert)) form.append(key, value);
    form.append('intent', 'create');
    const parsed = parseForm(AlertInputSchema, form, 'es');
    expect(parsed).toEqual({ ok: true, data: expect.objectContaining({ trackingNumber: '1Z999AA10123456784', declaredValue: 8999, expectedDate: null }) });
  });

  it('reads ticked checkboxes as a list, so a valid choice checks as valid in the browser too', () => {
    const form = new FormData();
    form.append('packageIds', '3');
    form.append('packageIds', '5');
    form.append('deliveryAddress', 'Av. Amazonas 123, Quito');
    expect(parseForm(ConsolidationInputSchema, form, 'es')).toMatchObject({ ok: true, data: { packageIds: [3, 5] } });
    const none = new FormData();
    none.append('deliveryAddress', 'Av. Amazonas 123, Quito');
    expect(parseForm(ConsolidationInputSchema, none, 'es')).toEqual({ ok: false, errors: { packageIds: 'consolidation.minPackages' } });
  });

  it('reads "1,234.50" as dollars on an English page and refuses it as a number on a Spanish one', () => {
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: '1,234.50' }, 'en')).toMatchObject({ ok: true, data: { declaredValue: 123450 } });
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: '1,2,3' }, 'es')).toEqual({ ok: false, errors: { declaredValue: 'validation.number' } });
  });

  it('maps each field to the message key of its first problem', () => {
    const parsed = parseForm(AlertInputSchema, { trackingNumber: 'AB', carrier: 'Pigeon', store: ' ', content: '', declaredValue: '-1' }, 'es');
    expect(parsed).toEqual({
      ok: false,
      errors: {
        trackingNumber: 'casillero.alert.trackingInvalid',
        carrier: 'validation.required',
        store: 'validation.required',
        content: 'validation.required',
        declaredValue: 'validation.positive',
      },
    });
  });

  it('checks the settings form with the same keys in both languages', () => {
    const parsed = parseForm(SettingsSchema, { name: 'Bodega', line1: 'x'.repeat(201), city: 'Miami', state: 'FL', zip: '33166', country: 'US', ratePerLb: '2,5' }, 'es');
    expect(parsed).toEqual({ ok: false, errors: { line1: 'validation.tooLong' } });
  });
});

describe('schema inspection', () => {
  it('finds the number fields under transforms and coercion', () => {
    expect(numberFields(AlertInputSchema)).toEqual(['declaredValue']);
    expect(numberFields(SettingsSchema)).toEqual(['ratePerLb']);
  });

  it('marks as required what the schema refuses when missing', () => {
    const required = Object.keys(AlertInputSchema.shape).filter((name) => isRequired(AlertInputSchema, name));
    expect(required).toEqual(['trackingNumber', 'carrier', 'store', 'content', 'declaredValue']);
    expect(isRequired(SettingsSchema, 'line2')).toBe(false);
    expect(isRequired(SettingsSchema, 'line1')).toBe(true);
    expect(isRequired(SettingsSchema, 'unknown')).toBe(false);
  });
});

describe('withFieldChecked', () => {
  it('replaces one field verdict and keeps the others', () => {
    const current = { store: 'validation.required', content: 'validation.required' } as const;
    expect(withFieldChecked(current, 'store', { content: 'validation.required' })).toEqual({ content: 'validation.required' });
    expect(withFieldChecked(current, 'store', { store: 'validation.tooLong' })).toEqual({ store: 'validation.tooLong', content: 'validation.required' });
  });
});
