import { SRI_STATUSES } from '../schemas/invoice.ts';
import { defineEnum } from './define-enum.ts';

/** Where an invoice stands with SRI (issue 37 §6). */
export const sriStatus = defineEnum('sriStatus', SRI_STATUSES, {
  labels: 'invoice.statuses',
  colors: { issued: 'gray', signed: 'blue', received: 'indigo', authorized: 'green', rejected: 'red' },
});
