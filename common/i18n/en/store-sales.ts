import type { Messages } from '../messages.ts';

export const storeSales: Messages['storeSales'] = {
  moneyNegative: 'The amount cannot be negative',
  accountNumber: 'Use only digits and hyphens',
  ruc: 'The RUC is not valid (13 digits with its check digit)',
  seriesCode: 'Write three digits, from 001 to 999',
  ivaRange: 'IVA goes from 0 to 100 %',
  paymentRequired: 'Turn on at least one payment method',
  bankRequired: 'Required to receive bank transfers',
};
