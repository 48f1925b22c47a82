import { parse } from 'csv-parse';
import { type Cells, CSV_COLUMNS, type ImportProblem, TEXT_COLUMNS } from './csv-columns.ts';
import { type CsvEncoding, decodeCsv } from './csv-text.ts';
import { Turns } from './csv-turns.ts';
import { restoreCell } from './csv-values.ts';

// Reading an uploaded catalog file: decoded (UTF-8, else Windows-1252), parsed a slice at a time,
// its header checked. What its lines mean for the store is csv-plan.ts's.

/** Characters of the file parsed between two turns given to other requests (~0.2–0.5 ms of parsing on a quiet machine). */
const SLICE_CHARS = 16 * 1024;

type ParsedLine = { line: number; cells: Cells };
/** `records`: how many records the parser produced (the header not counted), the one it stopped at included. */
export type ReadFile = { encoding: CsvEncoding; lines: ParsedLine[]; problems: ImportProblem[]; records: number };
/** `maxProducts`: the plan's product limit; the file is read no further than the first product line past it (null: no plan). */
export type ReadLimits = { maxProducts: number | null };

/** Thrown from the parser's record hook to stop it at the first product line past the plan (issue 36 §10). */
class PastThePlan extends Error {
  readonly line: number;
  constructor(line: number) {
    super('past the plan');
    this.line = line;
  }
}

/**
 * A comma is what we export; a semicolon is what a Spanish-language spreadsheet saves (its decimal
 * comma taken). The header line says which: it has no decimals, only column names.
 */
function delimiterOf(pieces: readonly string[]): ',' | ';' {
  let start = '';
  for (const piece of pieces) {
    start += piece;
    if (/[\r\n]/.test(piece)) break;
  }
  const header = start.slice(0, start.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

type Parsed = { record: Record<string, string>; info: { lines: number } };

/**
 * The file's lines, parsed a slice at a time with a turn for other requests between slices: a
 * 39 MB file held a process for 5–7 s when parsed in one call (issue 21 §1). Each record becomes its
 * line as it comes out of the parser, so the parser's records die young: kept until a pass after
 * the parse, 100,000 of them made the collector's pauses 30–90 ms (issue 36 §10).
 */
async function parseInSlices(pieces: readonly string[], limits: ReadLimits, turns: Turns): Promise<{ header: string[] | null; lines: ParsedLine[]; parsed: number; failure?: { lines?: number } }> {
  let products = 0;
  let parsed = 0;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    delimiter: delimiterOf(pieces),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
    info: true,
    // A file can never list more products than the plan holds: the parser stops at the first one
    // past it, so a file of 50,000 short lines on a plan of 50 costs 51 of them (issue 36 §10).
    on_record: (record: Parsed) => {
      parsed += 1;
      if (limits.maxProducts !== null && String(record.record.record ?? '').trim().toLowerCase() === 'product' && (products += 1) > limits.maxProducts) {
        throw new PastThePlan(record.info.lines);
      }
      return record;
    },
  });
  let header: string[] | null = null;
  const lines: ParsedLine[] = [];
  let failure: { lines?: number } | undefined;
  parser.on('readable', () => {
    for (let record: Parsed | null; (record = parser.read() as Parsed | null) !== null; ) {
      header ??= Object.keys(record.record);
      lines.push(lineOf(record));
    }
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error: { lines?: number }) => {
      // the first error is the file's; a write after it would only add "stream destroyed"
      failure ??= error;
      resolve();
    });
  });
  for (const text of pieces) {
    for (let at = 0; at < text.length && !failure; ) {
      let end = Math.min(text.length, at + SLICE_CHARS);
      // never between the two halves of a character outside the BMP (a piece never ends inside one)
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      parser.write(text.slice(at, end));
      at = end;
      await turns.give();
    }
  }
  if (!failure) parser.end();
  await ended;
  return { header, lines, parsed, failure };
}

/**
 * Decodes and parses the file (issue 21 §11: a file that is not UTF-8 is read as Windows-1252, and
 * said so), stopping at the first product line past the plan's limit with the plan's problem.
 */
export async function readFile(body: string | Uint8Array, limits: ReadLimits): Promise<ReadFile> {
  const turns = new Turns();
  const { pieces, encoding } = await decodeCsv(body, turns);
  const problems: ImportProblem[] = [];
  const { header, lines, parsed, failure } = await parseInSlices(pieces, limits, turns);
  if (failure instanceof PastThePlan) {
    problems.push({ line: failure.line, column: '', message: 'productCsv.overLimit', values: { limit: limits.maxProducts! } });
    return { encoding, lines: [], problems, records: parsed };
  }
  if (failure) {
    problems.push({ line: failure.lines ?? 1, column: '', message: 'productCsv.unreadable' });
    return { encoding, lines: [], problems, records: parsed };
  }
  const missing = CSV_COLUMNS.filter((column) => column !== 'content' && !(header ?? []).includes(column));
  if (header !== null && missing.length > 0) {
    problems.push({ line: 1, column: '', message: 'productCsv.missingColumns', values: { columns: missing.join(', ') } });
    return { encoding, lines: [], problems, records: parsed };
  }
  return { encoding, lines, problems, records: parsed };
}

function lineOf({ record, info }: Parsed): ParsedLine {
  return {
    // info.lines is the line the record ends on; a record with a line break inside a quoted cell
    // starts earlier, but the end is where a spreadsheet's row number points for one-line records.
    line: info.lines,
    // A text cell the export neutralised comes back as it was (`'=1+1` → `=1+1`).
    cells: Object.fromEntries(CSV_COLUMNS.map((column) => [column, TEXT_COLUMNS.has(column) ? restoreCell(String(record[column] ?? '')) : String(record[column] ?? '')])) as Cells,
  };
}
