// How the catalog CSV writes and reads each kind of value. Exact: money and percentages are read
// from their decimal text into integer cents and basis points, never through a float, so a file
// exported and imported again gives back the same integers.
//
// A file has no page language (a spreadsheet in Spanish saves "12,5", ours exports "12.5"), so its
// numbers follow one explicit rule that needs no guess, told in the import guide
// (productCsv.formatKeys): no thousands separator, and at most one decimal mark — point or comma —
// with at most two decimals. "1.500" or "1,500" has three digits after the mark, so it is neither
// 1500 nor 1.5: it is refused with a message that says how to write it (issue 20 §1).

/** "12.5" or "12,5" → 1250 at scale 2; null when it is not a plain decimal with at most `scale` places. */
export function decimalToInteger(text: string, scale: number): number | null {
  const match = /^(-?)(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const value = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return sign ? -value : value;
}

/** 1250 at scale 2 → "12.5": the shortest exact decimal, with a point (the file's own format). */
export function integerToDecimal(value: number, scale: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A whole number written plainly ("12", not "12.0" nor "1e3"). */
export function parseWhole(text: string): number | null {
  return /^-?\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : null;
}

const TRUE = new Set(['1', 'true', 'yes', 'si', 'sí', 'x']);
const FALSE = new Set(['0', 'false', 'no', '']);

/** "1"/"0" as written; also yes/no, sí/no, true/false as people type them in a spreadsheet. */
export function parseFlag(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return null;
}

// Formula injection (issue 21 §9, OWASP "CSV Injection"): a spreadsheet runs a cell that begins
// with = + - @, a tab or a carriage return. Such text cells are written with a single quote in
// front, which a spreadsheet shows as text; the import takes exactly one quote off again. A value
// that itself begins with quotes before such a character gets one more, so every text survives
// export and import unchanged ("'=x" → "''=x" → "'=x").
const FORMULA = /^'*[=+\-@\t\r]/;

/** A text cell as exported: neutralised when a spreadsheet would read it as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** A text cell as imported: the quote `neutraliseCell` added is taken off. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA.test(text) ? text.slice(1) : text;
}

/** A cell that must be quoted: it holds the quote, the comma or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * Lines as CSV text, each ended by `\n`: exactly what `csv-stringify`'s defaults write for string
 * cells (the test compares them), at a sixth of its time. A piece of the export (200 products and
 * their variants, ~500 lines) took csv-stringify 13–25 ms on a loaded machine, the longest part of
 * each hold of the event loop while three exports ran (decision 071); this takes ~2 ms.
 */
export function csvLines(lines: readonly (readonly string[])[]): string {
  let text = '';
  for (const line of lines) {
    for (let index = 0; index < line.length; index++) {
      const cell = line[index]!;
      if (index > 0) text += ',';
      text += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    }
    text += '\n';
  }
  return text;
}
