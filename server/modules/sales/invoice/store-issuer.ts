// The store as an SRI document names it beside the issuer facts it froze (invoice-document.ts
// `issuerOf`): read by the invoice's and the credit note's repositories alike.

/** The store as its documents name it: its trade name, and its contact address on one line. */
export function storeAsIssuer(row: { name: string; contactAddress: string | null; contactCity: string | null; contactState: string | null } | undefined) {
  return { address: [row?.contactAddress, row?.contactCity, row?.contactState].map((part) => (part ?? '').trim()).filter(Boolean).join(', '), tradeName: row?.name ?? '' };
}
