import { describe, expect, it } from 'vitest';
import { isRequired, numberFields, parseForm } from '../form-parse.ts';
import { AlertInputSchema, PackageInputSchema } from './casillero.ts';
import { numberInput } from './number.ts';
import { SettingsSchema } from './setting.ts';

const alert = { trackingNumber: '1Z999AA10123456784', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', expectedDate: '' };
const pkg = { lockerCode: 'EC-10025', trackingNumber: '1Z999AA10123456784', carrier: 'UPS', weightLb: '2,5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '10' };
const settings = { name: 'Bodega', line1: 'NW 1', city: 'Miami', state: 'FL', zip: '33166', country: 'US' };

describe('numberInput: a required number is required', () => {
  it('refuses a blank declared value instead of saving $0,00 (issue 9 §7)', () => {
    for (const blank of ['', '   ']) {
      const result = parseForm(AlertInputSchema, { ...alert, declaredValue: blank }, 'es');
      expect(result).toEqual({ ok: false, errors: { declaredValue: 'validation.required' } });
    }
    expect(parseForm(AlertInputSchema, alert, 'es')).toEqual({ ok: false, errors: { declaredValue: 'validation.required' } });
  });

  it('still takes zero when it is typed, and reads the page locale', () => {
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: '0' }, 'es')).toMatchObject({ ok: true, data: { declaredValue: 0 } });
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: '1.234,56' }, 'es')).toMatchObject({ ok: true, data: { declaredValue: 123456 } });
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: '1,234.56' }, 'en')).toMatchObject({ ok: true, data: { declaredValue: 123456 } });
  });

  it('says "number" for text that is not one, and takes JSON numbers from the API', () => {
    expect(parseForm(AlertInputSchema, { ...alert, declaredValue: 'doce' }, 'es')).toEqual({ ok: false, errors: { declaredValue: 'validation.number' } });
    expect(AlertInputSchema.safeParse({ ...alert, declaredValue: 12.5 }).data?.declaredValue).toBe(1250);
    expect(AlertInputSchema.safeParse({ ...alert, declaredValue: null }).error?.issues[0]?.message).toBe('validation.required');
    expect(numberInput().safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('applies to every numeric field of every form schema', () => {
    expect(numberFields(AlertInputSchema)).toEqual(['declaredValue']);
    expect(numberFields(PackageInputSchema)).toEqual(['weightLb', 'lengthCm', 'widthCm', 'heightCm', 'declaredValue']);
    expect(numberFields(SettingsSchema)).toEqual(['ratePerLb']);
    for (const name of ['weightLb', 'lengthCm', 'widthCm', 'heightCm', 'declaredValue']) {
      expect(isRequired(PackageInputSchema, name)).toBe(true);
      expect(parseForm(PackageInputSchema, { ...pkg, [name]: '' }, 'es')).toEqual({ ok: false, errors: { [name]: 'validation.required' } });
    }
    expect(parseForm(PackageInputSchema, pkg, 'es')).toMatchObject({ ok: true, data: { weightLb: 2.5 } });
    expect(parseForm(SettingsSchema, { ...settings, ratePerLb: '' }, 'es')).toEqual({ ok: false, errors: { ratePerLb: 'validation.required' } });
    expect(parseForm(SettingsSchema, { ...settings, ratePerLb: '4,5' }, 'es')).toMatchObject({ ok: true, data: { ratePerLb: 4.5 } });
  });
});
