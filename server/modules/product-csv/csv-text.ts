// How the catalog CSV's bytes become text (issue 21 §11). A file is read as UTF-8 when it is valid
// UTF-8 (with or without a BOM); as UTF-16 when it starts with a UTF-16 BOM (a spreadsheet's
// "Unicode text"); otherwise as Windows-1252, which is what a spreadsheet on Windows writes for
// "CSV" and a superset of Latin-1's printable characters. Every byte means something in
// Windows-1252, so a file is never silently damaged into U+FFFD: either it is valid UTF-8, or it is
// read byte for byte and the preview says which encoding was read, so a merchant who sees "CamiÃ³n"
// knows why.

export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** The file's text and the encoding it was read in. A string is already text (tests, callers that decoded it). */
export function decodeCsv(body: string | Uint8Array): { text: string; encoding: CsvEncoding } {
  if (typeof body === 'string') return { text: body, encoding: 'utf-8' };
  if (body[0] === 0xff && body[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(body), encoding: 'utf-16le' };
  if (body[0] === 0xfe && body[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(body), encoding: 'utf-16be' };
  try {
    // fatal: an invalid sequence throws instead of becoming U+FFFD; the BOM, if any, is dropped
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}
