// How the catalog CSV's bytes become text (issue 21 §11). A file is read as UTF-8 when it is valid
// UTF-8 (with or without a BOM); as UTF-16 when it starts with a UTF-16 BOM (a spreadsheet's
// "Unicode text"); otherwise as Windows-1252, which is what a spreadsheet on Windows writes for
// "CSV" and a superset of Latin-1's printable characters. Every byte means something in
// Windows-1252, so a file is never silently damaged into U+FFFD: either it is valid UTF-8, or it is
// read byte for byte and the preview says which encoding was read, so a merchant who sees "CamiÃ³n"
// knows why.

import type { Turns } from './csv-turns.ts';

export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** Bytes decoded between two turns for other requests: 10 MB in one call held a loaded process ~50 ms (issue 36 §10). */
const PIECE_BYTES = 64 * 1024;

/** The bytes as text in pieces of PIECE_BYTES, a turn as due between them; throws where `decoder` is fatal and meets an invalid sequence. */
async function decodeInPieces(body: Uint8Array, decoder: TextDecoder, turns: Turns): Promise<string[]> {
  const pieces: string[] = [];
  for (let at = 0; at < body.byteLength; at += PIECE_BYTES) {
    // stream: a character cut by the piece's end waits in the decoder for the next piece
    pieces.push(decoder.decode(body.subarray(at, at + PIECE_BYTES), { stream: true }));
    await turns.step();
  }
  pieces.push(decoder.decode());
  return pieces.filter((piece) => piece !== '');
}

/** The file's text, in pieces, and the encoding it was read in. A string is already text (tests, callers that decoded it). */
export async function decodeCsv(body: string | Uint8Array, turns: Turns): Promise<{ pieces: string[]; encoding: CsvEncoding }> {
  if (typeof body === 'string') return { pieces: [body], encoding: 'utf-8' };
  if (body[0] === 0xff && body[1] === 0xfe) return { pieces: await decodeInPieces(body, new TextDecoder('utf-16le'), turns), encoding: 'utf-16le' };
  if (body[0] === 0xfe && body[1] === 0xff) return { pieces: await decodeInPieces(body, new TextDecoder('utf-16be'), turns), encoding: 'utf-16be' };
  try {
    // fatal: an invalid sequence throws instead of becoming U+FFFD; the BOM, if any, is dropped
    return { pieces: await decodeInPieces(body, new TextDecoder('utf-8', { fatal: true }), turns), encoding: 'utf-8' };
  } catch {
    return { pieces: await decodeInPieces(body, new TextDecoder('windows-1252'), turns), encoding: 'windows-1252' };
  }
}
