import { z } from '#common/zod.ts';
import { moneyInput } from './number.ts';

/** The back office's site settings: the warehouse address clients ship to and the rate per pound (form, action). */
export const SettingsSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  line1: z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  line2: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  city: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  state: z.string().trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' }),
  zip: z.string().trim().min(1, { error: 'validation.required' }).max(20, { error: 'validation.tooLong' }),
  country: z.string().trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' }),
  phone: z.string().trim().max(30, { error: 'validation.tooLong' }).default(''),
  ratePerLb: moneyInput((n) => n.positive({ error: 'validation.positive' }).max(1000, { error: 'validation.tooLarge' })),
});
export type SettingsInput = z.infer<typeof SettingsSchema>;

/** The terms page's text per language as the admin writes it; empty keeps the app's own (issue 40, defect 11). */
const termsText = z.string().trim().max(30_000, { error: 'validation.tooLong' }).default('');
export const TermsTextSchema = z.object({ es: termsText, en: termsText });
export type TermsTextInput = z.infer<typeof TermsTextSchema>;

/** The maintenance switch's post: `on=1` or `on=0`. */
export const MaintenanceSwitchSchema = z.object({ on: z.enum(['0', '1']).transform((value) => value === '1') });
