import { z } from '#common/zod.ts';
import { CLIENT_SORTS, documentType, role } from '../enums/accounts.ts';
import { isValidIdentification } from '../identification.ts';
import { listQuerySchema } from '../list-query.ts';

// One schema per input, shared by the form (client-side step checks), the action and the API.
// Messages are i18n keys.
export const PASSWORD_MIN = 6;

const required = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const EmailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.email' }));

const password = z.string({ error: 'auth.passwordInvalid' }).min(PASSWORD_MIN, { error: 'auth.passwordInvalid' }).max(200, { error: 'auth.passwordInvalid' });

export const CredentialsSchema = z
  .object({ email: EmailSchema, password, passwordRepeat: z.string({ error: 'auth.passwordInvalid' }) })
  .refine((value) => value.password === value.passwordRepeat, { path: ['passwordRepeat'], error: 'auth.passwordInvalid' });

export const PersonalDataSchema = z
  .object({
    name: required(100),
    lastname: required(100),
    documentType: documentType.schema('validation.required'),
    // Kept as one string of letters and digits, so that "171003406-5" and "1710034065" are one cédula (one account each: decision 096).
    documentNumber: z.preprocess((value) => (typeof value === 'string' ? value.replace(/[\s.-]/g, '') : value), z.string({ error: 'validation.required' }).toUpperCase().min(1, { error: 'validation.required' }).max(20, { error: 'auth.documentInvalid' })),
    phone: z.string({ error: 'validation.required' }).trim().regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'validation.phone' }),
    address: required(200),
    country: required(60),
    state: required(60),
    city: required(60),
    zip: z.string({ error: 'validation.required' }).trim().regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'validation.zip' }),
  })
  .refine((value) => isValidIdentification(value.documentType, value.documentNumber), { path: ['documentNumber'], error: 'auth.documentInvalid' });

export const RegisterSchema = z
  .object({
    ...CredentialsSchema.shape,
    ...PersonalDataSchema.shape,
    terms: z.literal('on', { error: 'auth.termsRequired' }),
  })
  .refine((value) => value.password === value.passwordRepeat, { path: ['passwordRepeat'], error: 'auth.passwordInvalid' })
  .refine((value) => isValidIdentification(value.documentType, value.documentNumber), { path: ['documentNumber'], error: 'auth.documentInvalid' });
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const ProfileSchema = PersonalDataSchema;
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const LoginSchema = z.object({ email: EmailSchema, password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200) });

export const ChangePasswordSchema = z
  .object({ currentPassword: z.string().min(1, { error: 'validation.required' }), password, passwordRepeat: z.string() })
  .refine((value) => value.password === value.passwordRepeat, { path: ['passwordRepeat'], error: 'auth.passwordInvalid' });

export const NewPasswordSchema = z
  .object({ token: z.string().min(1).max(200), password, passwordRepeat: z.string() })
  .refine((value) => value.password === value.passwordRepeat, { path: ['passwordRepeat'], error: 'auth.passwordInvalid' });

export const ResetRequestSchema = z.object({ email: EmailSchema });

/** Registration's step 1 asking whether an e-mail is free (`intent=check-email`). */
export const EmailCheckSchema = z.object({ email: EmailSchema });

/** Back office: the clients, newest first or by name. */
export const ClientListQuery = listQuerySchema({ sort: CLIENT_SORTS, defaultSort: 'created' });

/** The back office's users list (admins): search, sort by registration or name, filter by role. */
export const UserListQuery = listQuerySchema({ sort: ['created', 'name'], defaultSort: 'created', filters: { role: role.values } });
