import type { Messages } from '../messages.ts';

export const storeSales: Messages['storeSales'] = {
  moneyNegative: 'The amount cannot be negative',
  accountNumber: 'Use only digits and hyphens',
  ruc: 'The RUC is not valid: 13 digits, with the province and third digit of an SRI RUC and its establishment number',
  seriesCode: 'Write three digits, from 001 to 999',
  paymentRequired: 'Turn on at least one payment method',
  bankRequired: 'Required to receive bank transfers',
  rucMain: 'Use your head office’s RUC, the one ending in 001: it is the one your invoices carry',
  oneLine: 'Write it on one line, without line breaks or control characters',
  withholdingAgent: 'Write only the resolution’s number, 1 to 8 digits (e.g. 1 for NAC-DNCRASC20-00000001)',
};
