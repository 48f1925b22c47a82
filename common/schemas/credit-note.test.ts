import { describe, expect, it } from 'vitest';
import { CreditNoteInputSchema } from './credit-note.ts';

// A credit note's reason is SRI's `motivo`: one line, as every single-line SRI text (isSriLine).
describe('a credit note’s reason', () => {
  const reasonError = (reason: string) => CreditNoteInputSchema.safeParse({ invoiceId: 1, shipping: true, reason }).error?.issues.map((issue) => issue.message);
  it('is one line of text, refused with its message otherwise', () => {
    expect(reasonError('Devolución: talla equivocada 😀')).toBeUndefined();
    for (const bad of ['dos\nlíneas', 'tab\there', 'NEL\u0085', 'half \uD800 pair', 'no\uFFFE']) expect(reasonError(bad)).toEqual(['creditNote.reasonOneLine']);
    expect(reasonError('   ')).toEqual(['creditNote.reasonRequired']);
  });
});
