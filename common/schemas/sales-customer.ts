import { z } from '#common/zod.ts';
import { isValidDocument } from '../document.ts';
import { documentType } from '../enums/accounts.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';
import { EmailSchema } from './user.ts';

// A store's customers (the shoppers who bought): the owner's list and the edit of their contact data,
// under the checkout form's rules (the same fields, limits and document check: a cédula must pass
// Ecuador's check, a passport is accepted).

const CUSTOMER_LIST = { sort: ['name', 'created'] as const, defaultSort: 'name' as const, defaultDir: 'asc' as const };

export const CustomerListQuery = listQuerySchema(CUSTOMER_LIST);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export const CustomerListParameters = listApiParameters(CUSTOMER_LIST);

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const CustomerInputSchema = z
  .object({
    name: required(160),
    email: EmailSchema,
    phone: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'validation.phone' }),
    documentType: documentType.schema('validation.required'),
    documentNumber: z.string({ error: 'validation.required' }).trim().toUpperCase().min(1, { error: 'validation.required' }).max(20, { error: 'auth.documentInvalid' }),
    address: required(300),
    city: required(80),
    province: required(80),
  })
  .refine((value) => isValidDocument(value.documentType, value.documentNumber), { path: ['documentNumber'], error: 'auth.documentInvalid' });
export type CustomerInput = z.infer<typeof CustomerInputSchema>;
