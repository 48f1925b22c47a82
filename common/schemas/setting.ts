import { z } from 'zod';

/** The back office's site settings: the warehouse address clients ship to and the rate per pound. */
export const SettingsSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  line1: z.string().trim().min(1, { error: 'validation.required' }).max(200),
  line2: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  state: z.string().trim().min(1, { error: 'validation.required' }).max(60),
  zip: z.string().trim().min(1, { error: 'validation.required' }).max(20),
  country: z.string().trim().min(1, { error: 'validation.required' }).max(60),
  phone: z.string().trim().max(30).default(''),
  ratePerLb: z.coerce.number({ error: 'validation.number' }).positive({ error: 'validation.positive' }).max(1000, { error: 'validation.tooLarge' }),
});
export type SettingsInput = z.infer<typeof SettingsSchema>;
