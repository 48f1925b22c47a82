import { z } from '#common/zod.ts';
import { ALERT_SORTS, alertStatus, CARRIERS, PACKAGE_SORTS, packageStatus } from '../enums/casillero.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';
import { moneyInput, numberInput } from './number.ts';

// Shared by the forms, the actions and the JSON API. Messages are i18n keys.
const text = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).catch('').default('');
const money = moneyInput((n) => n.min(0, { error: 'validation.positive' }).max(100_000, { error: 'validation.tooLarge' })).transform((dollars) =>
  Math.round(dollars * 100),
);
const measure = (max: number) => numberInput((n) => n.positive({ error: 'validation.positive' }).max(max, { error: 'validation.tooLarge' }));

export const AlertInputSchema = z.object({
  trackingNumber: z
    .string({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{6,40}$/, { error: 'casillero.alert.trackingInvalid' }),
  carrier: z.enum(CARRIERS, { error: 'validation.required' }),
  store: text(100),
  content: text(500),
  declaredValue: money,
  expectedDate: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'validation.date' })
    // Optional for the API's document too: the catch below already takes a missing date.
    .optional()
    .transform((value) => value || null)
    .catch(null),
  invoiceUpload: z.string().trim().max(36).optional().transform((value) => value || null),
});
export type AlertInput = z.infer<typeof AlertInputSchema>;

const ALERT_LIST = { sort: ALERT_SORTS, defaultSort: 'created', filters: { status: alertStatus.values } } as const;
export const AlertListQuery = listQuerySchema(ALERT_LIST);
export const AlertListParameters = listApiParameters(ALERT_LIST);

/** Back office: every client's alerts, newest first. */
export const AdminAlertListQuery = listQuerySchema({ sort: ['created'], defaultSort: 'created', filters: { status: alertStatus.values } });

/** Back office: the packages in the warehouse and on their way. */
export const PackageListQuery = listQuerySchema({ sort: PACKAGE_SORTS, defaultSort: 'received', filters: { status: packageStatus.values } });

export const PackageInputSchema = z.object({
  lockerCode: z.string({ error: 'validation.required' }).trim().toUpperCase().regex(/^EC-\d{5,}$/, { error: 'casillero.package.lockerInvalid' }),
  trackingNumber: AlertInputSchema.shape.trackingNumber,
  carrier: AlertInputSchema.shape.carrier,
  store: optionalText(100),
  description: optionalText(500),
  weightLb: measure(1000),
  lengthCm: measure(300),
  widthCm: measure(300),
  heightCm: measure(300),
  declaredValue: money,
  photoUpload: z.string().trim().max(36).optional().transform((value) => value || null),
});
export type PackageInput = z.infer<typeof PackageInputSchema>;

/** Back office: what staff may correct on a registered package (not whose it is or its tracking). */
export const PackageEditSchema = PackageInputSchema.pick({ description: true, weightLb: true, lengthCm: true, widthCm: true, heightCm: true, declaredValue: true, photoUpload: true });
export type PackageEditInput = z.infer<typeof PackageEditSchema>;
