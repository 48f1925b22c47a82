import { describe, expect, it } from 'vitest';
import { isValidCedula } from './document.ts';
import { FINAL_CONSUMER, isValidForeignId, isValidIdentification, SRI_IDENTIFICATION_CODE } from './identification.ts';
import { isValidRuc } from './sri.ts';

// Real identification numbers from public sources, each with where it was taken from (issue 37 §1):
// a RUC is refused only when SRI could never have issued it.
const STDNUM_RUC = 'python-stdnum tests/test_ec_ruc.doctest (commit 0f94ca6)';
const STDNUM_CI = 'python-stdnum tests/test_ec_ci.doctest';

/** [number, source]: RUCs SRI issued, every one of which must be accepted. */
const REAL_RUCS: readonly (readonly [string, string])[] = [
  // Companies (third digit 9) whose last sequence digit is no modulo-11 check digit: refused before.
  ['1793213150001', 'python-stdnum issue 497: CARNADA S.A.S., active in SRI’s registry'],
  ['1793189906001', 'python-stdnum issue 497: CREDI&CORP S.A.'],
  ['0993366721001', 'python-stdnum issue 497: DISTRIBUCIONES-MEJIA S.A.S.'],
  ['0993370026001', 'python-stdnum issues 290 and 497: PONTEDORA S.A.S.'],
  ['1793189624001', 'python-stdnum issue 290, registered with SRI'],
  ['0993381661001', 'koblas/stdnum-js pull request 168, valid per SRI’s lookup'],
  ['1793221293001', 'python-stdnum issue 457, and the juridical list of ' + STDNUM_RUC],
  // Companies (third digit 9).
  ['0190115798001', STDNUM_RUC],
  ['0290001269001', STDNUM_RUC],
  ['0390027923001', STDNUM_RUC],
  ['0490001883001', STDNUM_RUC],
  ['0590052000001', STDNUM_RUC],
  ['0690045389001', STDNUM_RUC],
  ['0790015002001', STDNUM_RUC],
  ['0990138850001', STDNUM_RUC],
  ['0992397535001', STDNUM_RUC],
  ['1090033456001', STDNUM_RUC],
  ['1190068389001', STDNUM_RUC],
  ['1390089410001', STDNUM_RUC],
  ['1690012606001', STDNUM_RUC],
  ['1790011674001', STDNUM_RUC],
  ['1791240448001', STDNUM_RUC],
  ['1792060346001', STDNUM_RUC],
  ['1890037646001', STDNUM_RUC],
  // People (third digit 0–5): their cédula and an establishment.
  ['0101016905001', STDNUM_RUC],
  ['0602910945001', STDNUM_RUC],
  ['0910005917001', STDNUM_RUC],
  ['0926687856001', STDNUM_RUC],
  ['1001152287001', STDNUM_RUC],
  ['1102755442001', STDNUM_RUC],
  ['1311919078001', STDNUM_RUC],
  ['1710034065001', STDNUM_RUC],
  ['1714307103001', STDNUM_RUC],
  ['1803557964001', STDNUM_RUC],
  // Public bodies (third digit 6).
  ['0160000510001', STDNUM_RUC],
  ['0460027250001', STDNUM_RUC],
  ['0968599020001', STDNUM_RUC],
  ['1160836120001', STDNUM_RUC],
  ['1760001550001', STDNUM_RUC],
  ['1768155660001', STDNUM_RUC],
  ['1865011360001', STDNUM_RUC],
  ['2160011760001', STDNUM_RUC],
  // A third digit 6 that no modulo-11 rule explains: a person (cédula 0962467429) and a public company.
  ['0962467429001', 'python-stdnum issue 267: a person’s RUC, checked on SRI’s and the Registro Civil’s sites'],
  ['0961214434001', 'diaspar/validacion-cedula-ruc-ecuador issue 9: registered with SRI'],
];

/** [number, source]: cédulas the Registro Civil issued. */
const REAL_CEDULAS: readonly (readonly [string, string])[] = [
  ['1714307103', STDNUM_CI],
  ['0602910945', STDNUM_CI],
  ['0926687856', STDNUM_CI],
  ['0910005917', STDNUM_CI],
  ['1710034065', `${STDNUM_RUC} (the RUC 1710034065001)`],
];

describe('the table of real numbers', () => {
  it('holds at least 40 numbers, each with its source', () => {
    expect(REAL_RUCS.length + REAL_CEDULAS.length).toBeGreaterThanOrEqual(40);
    for (const [number, source] of [...REAL_RUCS, ...REAL_CEDULAS]) expect(source, number).not.toBe('');
  });
  it.each(REAL_RUCS)('accepts the RUC %s (%s)', (ruc) => {
    expect(isValidRuc(ruc)).toBe(true);
    expect(isValidIdentification('ruc', ruc)).toBe(true);
  });
  it.each(REAL_CEDULAS)('accepts the cédula %s (%s)', (cedula) => {
    expect(isValidCedula(cedula)).toBe(true);
    expect(isValidIdentification('cedula', cedula)).toBe(true);
  });
});

describe('a RUC SRI could never have issued', () => {
  it.each([
    ['179206034601', 'twelve digits (python-stdnum’s example)'],
    ['17920603460011', 'fourteen digits'],
    ['17920603A6001', 'a letter (python-stdnum’s example)'],
    ['1792060346-001', 'a hyphen: the form takes the digits alone'],
    ['', 'nothing'],
    ['8810034069001', 'province 88 (python-stdnum’s example)'],
    ['8892397539001', 'province 88, a company'],
    ['0010034065001', 'province 00'],
    ['2592397535001', 'province 25'],
    ['0170000610001', 'third digit 7 (python-stdnum’s example)'],
    ['1780123457001', 'third digit 8'],
    ['0926687856000', 'a person’s establishment 000 (python-stdnum’s example)'],
    ['1760001550000', 'a public body’s establishment 0000 (python-stdnum’s example)'],
    ['0992397535000', 'a company’s establishment 000 (python-stdnum’s example)'],
    ['1714307104001', 'a person’s RUC whose cédula fails its check digit'],
    ['9999999999999', 'the consumidor final’s number'],
  ])('refuses %s: %s', (ruc) => expect(isValidRuc(ruc)).toBe(false));

  it('never refuses a company’s or public body’s RUC for its modulo-11 digit', () => {
    // Every last sequence digit of one company and one public body: all issued shapes.
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidRuc(`179321315${digit}001`)).toBe(true);
      expect(isValidRuc(`17600015${digit}0001`)).toBe(true);
    }
  });

  it('takes a public body’s establishment as its last four digits', () => {
    expect(isValidRuc('1760001551000')).toBe(true);
    expect(isValidRuc('1760001550000')).toBe(false);
  });
});

describe('a cédula', () => {
  it.each([
    ['1714307104', 'its check digit (python-stdnum’s example)'],
    ['171430710', 'a digit missing (python-stdnum’s example)'],
    ['123A567890', 'a letter (python-stdnum’s example)'],
    ['1784307108', 'third digit 8 (python-stdnum’s example)'],
    ['8814307107', 'province 88 (python-stdnum’s example)'],
  ])('refuses %s: %s', (cedula) => {
    expect(isValidCedula(cedula)).toBe(false);
    expect(isValidIdentification('cedula', cedula)).toBe(false);
  });
});

describe('each buyer type', () => {
  it('has SRI’s code (tabla 6)', () => {
    expect(SRI_IDENTIFICATION_CODE).toEqual({ ruc: '04', cedula: '05', passport: '06', final: '07', foreign: '08' });
  });
  it('checks the number for the type chosen, not for its shape', () => {
    // A RUC typed as a passport is a passport number: letters and digits, 5 to 20.
    expect(isValidIdentification('passport', '1793213150001')).toBe(true);
    expect(isValidIdentification('passport', 'AB12')).toBe(false);
    expect(isValidIdentification('passport', 'AB-123456')).toBe(false);
    // A cédula typed as a RUC lacks its establishment.
    expect(isValidIdentification('ruc', '1710034065')).toBe(false);
    expect(isValidIdentification('cedula', '1710034065001')).toBe(false);
  });
  it('takes a foreign id of 3 to 20 letters, digits, dots and hyphens', () => {
    for (const id of ['DE123456789', '12-3456789', 'B12345678', 'X.Y-123']) expect(isValidForeignId(id), id).toBe(true);
    for (const id of ['AB', '-12345', 'A'.repeat(21), 'ÑANDÚ 123', '12 345']) expect(isValidForeignId(id), id).toBe(false);
  });
  it('gives the consumidor final SRI’s number alone, and that number to nobody else', () => {
    expect(FINAL_CONSUMER).toEqual({ number: '9999999999999', name: 'CONSUMIDOR FINAL', maxTotalCents: 5000 });
    expect(isValidIdentification('final', '9999999999999')).toBe(true);
    expect(isValidIdentification('final', '1710034065')).toBe(false);
    expect(isValidIdentification('final', '')).toBe(false);
    for (const type of ['passport', 'foreign', 'ruc'] as const) expect(isValidIdentification(type, '9999999999999'), type).toBe(false);
  });
});
