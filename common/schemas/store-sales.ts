import { z } from '#common/zod.ts';
import { DEFAULT_IVA_CODE, ivaCodeSchema } from '../iva.ts';
import { isValidRuc, isValidSeriesCode } from '../sri.ts';
import { ACCOUNTING_ANSWERS, isIssuerRuc, isSriLine, RIMPE_REGIMES, WITHHOLDING_AGENT } from '../sri-issuer.ts';

// A store's sales settings (issue 23 §1): payment methods, shipping, and what its SRI invoices
// carry. Shared by the settings form, its action and the API; messages are i18n keys.

const text = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');
const cents = z.number({ error: 'validation.number' }).int({ error: 'validation.wholeHundredths' }).min(0, { error: 'storeSales.moneyNegative' }).max(1_000_000_000, { error: 'validation.tooLarge' });
const flag = z.boolean({ error: 'validation.invalid' });
/** A text the invoice states on one line (SRI's `[^\n]*`): a line break or a control character is refused, not dropped. */
const line = (max: number) => text(max).refine(isSriLine, { error: 'storeSales.oneLine' });

export const StoreSalesSchema = z
  .object({
    cashOnDelivery: flag.default(true),
    bankTransfer: flag.default(false),
    bankName: text(80),
    bankAccountType: z.enum(['savings', 'checking', ''], { error: 'validation.invalid' }).default(''),
    bankAccountNumber: z.string({ error: 'validation.invalid' }).trim().max(30, { error: 'validation.tooLong' }).regex(/^[0-9-]*$/, { error: 'storeSales.accountNumber' }).default(''),
    bankAccountHolder: text(120),
    shippingFeeCents: cents.default(0),
    freeShippingFromCents: cents.nullable().default(null),
    // Empty until the store invoices: the invoice module asks for it then.
    // The issuer's RUC is its main registration, `…001` (SRI's `numeroRuc`).
    ruc: z.string({ error: 'validation.invalid' }).trim().max(13, { error: 'storeSales.ruc' }).refine((ruc) => ruc === '' || isValidRuc(ruc), { error: 'storeSales.ruc' }).refine((ruc) => ruc === '' || !isValidRuc(ruc) || isIssuerRuc(ruc), { error: 'storeSales.rucMain' }).default(''),
    businessName: line(300),
    establishment: z.string({ error: 'validation.invalid' }).trim().refine(isValidSeriesCode, { error: 'storeSales.seriesCode' }).default('001'),
    emissionPoint: z.string({ error: 'validation.invalid' }).trim().refine(isValidSeriesCode, { error: 'storeSales.seriesCode' }).default('001'),
    // Shipping's IVA as SRI codes it (common/iva.ts, decision 087): a product's is its own.
    shippingIvaCode: ivaCodeSchema.default(DEFAULT_IVA_CODE),
    sriEnvironment: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid' }).default(1),
    // What the invoice says of its issuer (issue 37 §4): empty until the store invoices, and the
    // invoice module asks for the addresses and the accounting answer then.
    headOfficeAddress: line(300),
    establishmentAddress: line(300),
    accountingObligated: z.enum(ACCOUNTING_ANSWERS, { error: 'validation.invalid' }).default(''),
    rimpe: z.enum(RIMPE_REGIMES, { error: 'validation.invalid' }).default('none'),
    withholdingAgent: z.string({ error: 'validation.invalid' }).trim().refine((value) => value === '' || WITHHOLDING_AGENT.test(value), { error: 'storeSales.withholdingAgent' }).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.cashOnDelivery && !value.bankTransfer) ctx.addIssue({ code: 'custom', path: ['cashOnDelivery'], message: 'storeSales.paymentRequired' });
    if (value.bankTransfer) {
      for (const field of ['bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder'] as const) {
        if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: 'storeSales.bankRequired' });
      }
    }
  });

export type StoreSalesInput = z.input<typeof StoreSalesSchema>;
export type StoreSalesSettings = z.output<typeof StoreSalesSchema>;
