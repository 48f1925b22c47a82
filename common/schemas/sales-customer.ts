import { z } from '#common/zod.ts';
import { identificationType } from '../enums/identification.ts';
import { identificationNumber, isValidIdentification } from '../identification.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';
import { SRI_MAX, sriAddress } from '../sri.ts';
import { isSriLine } from '../sri-issuer.ts';
import { EmailSchema } from './user.ts';

// A store's customers (the shoppers who bought): the owner's list and the edit of their contact data,
// under the checkout form's rules (the same fields, limits and identification: cédula, RUC, passport,
// foreign id or consumidor final, each number checked for its type by common/identification.ts).

const CUSTOMER_LIST = { sort: ['name', 'created'] as const, defaultSort: 'name' as const, defaultDir: 'asc' as const };

export const CustomerListQuery = listQuerySchema(CUSTOMER_LIST);
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export const CustomerListParameters = listApiParameters(CUSTOMER_LIST);

// One line each, as the invoice states them (SRI's `[^\n]*`, issue 37 §4): a line break or a control character is refused.
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' }).refine(isSriLine, { error: 'customer.oneLine' });

export const CustomerInputSchema = z
  .object({
    name: required(160),
    email: EmailSchema,
    phone: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'validation.phone' }),
    documentType: identificationType.schema('validation.required').describe("SRI's buyer type: cedula (05), ruc (04), passport (06), foreign (08, identificación del exterior) or final (07, consumidor final, whose number is 9999999999999 or left empty)"),
    // Empty only for a consumidor final, whose number is SRI's 9999999999999 (checked below).
    documentNumber: z.string({ error: 'validation.required' }).trim().toUpperCase().max(20, { error: 'auth.documentInvalid' }),
    address: required(300),
    city: required(80),
    province: required(80),
  })
  .superRefine((value, ctx) => {
    const number = identificationNumber(value.documentType, value.documentNumber);
    if (number === '') ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'validation.required' });
    else if (!isValidIdentification(value.documentType, number)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'auth.documentInvalid' });
  })
  // The invoice joins them into one `direccionComprador` of at most 300 characters, as the checkout does.
  .refine((value) => sriAddress([value.address, value.city, value.province]).length <= SRI_MAX.text, { path: ['address'], error: 'customer.addressTooLong' })
  .overwrite((value) => ({ ...value, documentNumber: identificationNumber(value.documentType, value.documentNumber) }));
export type CustomerInput = z.infer<typeof CustomerInputSchema>;
