import type { Messages } from '../messages.ts';

// The buyer's copy of an SRI document (issue 37 §8), in English.
export const buyerCopy: Messages['buyerCopy'] = {
  greeting: 'Hello {{name}},',
  invoice: {
    subject: 'Your invoice {{number}} from {{store}}',
    body: 'Here is your electronic invoice {{number}} for order #{{order}}, for {{total}}. SRI authorized it on {{authorizedAt}} with number {{authorization}}.',
  },
  creditNote: {
    subject: 'Your credit note {{number}} from {{store}}',
    body: 'Here is the electronic credit note {{number}} of your invoice {{invoice}} (order #{{order}}), for {{total}}. SRI authorized it on {{authorizedAt}} with number {{authorization}}.',
  },
  files: 'Attached are the XML file, which is the electronic document valid for tax purposes, and the PDF, its printed representation (RIDE). Keep them: SRI requires the issuer to give you both.',
  testEnvironment: 'This document was issued in SRI’s test environment: it has no tax validity.',
  xmlNotAuthorized: 'SRI has not authorized this document yet: its XML will be available once it does.',
};
