import fc from 'fast-check';
import { BULK_ACTIONS } from '#common/bulk.ts';

// The fuzz test's generated values (tests/integration/fuzz.test.ts): nasty text, ids past the
// database's integers, bodies of every content type, hostile cookies. They read the test's world
// (the ids, field and query names found, the store and product made in its beforeAll) as they draw.

export type FuzzWorld = {
  /** Ids of real records, so that a draw sometimes names one. */
  knownIds: readonly number[];
  /** Form fields and query names the app reads. */
  fieldNames: ReadonlySet<string>;
  queryNames: ReadonlySet<string>;
  /** The published store and one of its products (set once the test has made them). */
  storeId: () => number;
  productId: () => number;
};

export function fuzzInputs(world: FuzzWorld) {
  const NASTY = [
    '', ' ', '0', '-1', '1.5', '1e309', '-1e309', 'NaN', 'Infinity', '2147483648', '9223372036854775808', '99999999999999999999999',
    'null', 'undefined', 'true', '[]', '{}', '\u0000', 'a\u0000b', '%00', '\u0001\u001f\u007f', '\r\n', '\ud800', '../../etc/passwd',
    '<script>alert(1)</script>', "' OR 1=1 --", '"; drop table user; --', '١٢٣', '1,5', '1.234,56', '2026-02-30', '9999-99-99',
    'x'.repeat(300), 'ñ'.repeat(6000), '__proto__', 'constructor', '//evil.example', 'https://evil.example/x', '/\\evil.example',
  ];
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 3000 }) },
  );
  const id = () => fc.oneof(fc.constantFrom(...world.knownIds.map(String)), fc.constantFrom('0', '-1', '2147483647', '2147483648', '4294967296', '99999999999999999999', 'abc', '1e3', '0x10', ' 1', '1;2', ''), text);
  /** An id list as a form or a URL carries it (`3,7,2147483648`). */
  const idList = () => fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...world.knownIds.map(String), '2147483648', '9007199254740993') }, { weight: 1, arbitrary: id() }), { minLength: 1, maxLength: 4 }).map((ids) => ids.join(','));
  /** The value of a named field: a real bulk action or intent now and then, an id list for a list of ids, else anything. */
  const valueOf = (field: string): fc.Arbitrary<string> =>
    field === 'action' ? fc.oneof(fc.constantFrom(...BULK_ACTIONS), text)
    : field === 'intent' ? fc.oneof(fc.constantFrom('bulk', 'delete', 'revoke', 'enable', 'role', 'cancel'), text)
    : /ids$|^cascadeOf$|^chosen$/i.test(field) ? fc.oneof({ weight: 2, arbitrary: idList() }, { weight: 1, arbitrary: fc.oneof(text, id()) })
    : fc.oneof(text, id());
  const name = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...world.fieldNames) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  const json = (): fc.Arbitrary<unknown> => fc.oneof(
    text,
    fc.integer(),
    fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -0, 0.1),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(text, fc.integer(), fc.constantFrom(...world.knownIds, 2 ** 31, 2 ** 32, 2 ** 53 + 2)), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }),
  );
  const fields = () => fc.array(name().chain((field) => fc.tuple(fc.constant(field), valueOf(field))), { maxLength: 8 });
  /** A JSON body: any fields, or a valid bulk action with ids that may be past the database's integer. */
  const jsonBody = () =>
    fc.oneof(
      { weight: 5, arbitrary: fc.dictionary(name(), json(), { maxKeys: 8 }) },
      { weight: 1, arbitrary: fc.record({ action: fc.constantFrom(...BULK_ACTIONS), ids: fc.array(fc.oneof(fc.constantFrom(...world.knownIds, 2 ** 31, 2 ** 31 - 1, 2 ** 53), fc.integer()), { minLength: 1, maxLength: 3 }) }) },
      { weight: 1, arbitrary: fc.record({ packageIds: fc.array(fc.constantFrom(...world.knownIds, 2 ** 31), { minLength: 1, maxLength: 3 }), deliveryAddress: fc.constant('Av. Amazonas 100'), notes: fc.constant('') }) },
    );

  /** A body and the content type it is sent with: mostly the right kind, sometimes anything else. */
  const body = (kind: 'json' | 'form') =>
    fc.oneof(
      { weight: 6, arbitrary: kind === 'json' ? jsonBody().map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })) : fields().map((pairs) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(pairs).toString() })) },
      { weight: 1, arbitrary: fields().map((pairs) => ({ type: 'multipart/form-data; boundary=XyZ', payload: `${pairs.map(([key, value]) => `--XyZ\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`).join('')}--XyZ--\r\n` })) },
      { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,2', 'null', '"x"', '42', '[]', 'a=1&a=2&a[]=3', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb') .chain((payload) => fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=XyZ', 'multipart/form-data', 'text/plain', 'application/xml', 'application/octet-stream', '').map((type) => ({ type, payload }))) },
      { weight: 1, arbitrary: json().map((value) => ({ type: 'application/json', payload: JSON.stringify(value) ?? '' })) },
    );
  /**
   * Cookies a client may write by hand (issue 36 §7): the cart's and the language's, with spaces and
   * tabs around `=`, repeated, huge, broken JSON, NUL-ish text, or a great many of them. Only what an
   * HTTP header can carry (a parser refuses the rest before us).
   */
  const headerSafe = (value: string) => value.toWellFormed().replace(/[^\t\x20-\x7e\x80-\xff]/gu, (char) => encodeURIComponent(char));
  const cartJson = () =>
    fc.oneof(
      fc.tuple(fc.constantFrom(world.productId(), ...world.knownIds, 0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE), fc.constantFrom(0, 1, 2 ** 31, -1), fc.constantFrom(1, 999, 1000, 0, -5, 1.5, 2 ** 53)).map((line) => ({ l: [line] })),
      fc.record({ l: fc.oneof(fc.constant('x'), fc.constant([[1, 0, 1, 1]]), fc.array(fc.constant([world.productId(), 0, 999]), { maxLength: 60 })), c: fc.oneof(text, fc.constant('A'.repeat(100))), f: fc.oneof(fc.constant(null), fc.record({ k: text, n: fc.oneof(fc.integer(), fc.constant(Number.MAX_VALUE)), s: text, a: fc.constant([world.productId(), 0, 2]) })) }, { requiredKeys: [] }),
      json(),
    );
  const cookieValue = () =>
    fc.oneof(
      { weight: 3, arbitrary: cartJson().map((value) => encodeURIComponent(JSON.stringify(value) ?? '')) },
      { weight: 1, arbitrary: cartJson().map((value) => JSON.stringify(value) ?? '') },
      { weight: 2, arbitrary: fc.constantFrom('', 'es', 'en', 'EN', '{', '%7B', '%7B%22l%22%3A', '%E0%A4%A', '%', '%00', 'a%00b', '\\0', '"quoted"', '=', 'x'.repeat(5000), '%7B'.repeat(2000), 'ñ') },
      { weight: 1, arbitrary: text },
    );
  const cookieName = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(`tb_cart_${world.storeId()}`, 'lang', 'tb_cart_1', 'tb_cart_0', `tb_cart_0${world.storeId()}`, 'tb_cart_99999999999999999999', 'tiendabox_session', 'tb_cart_') }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });
  const space = fc.constantFrom('', '', ' ', '\t', '  ', ' \t ');
  const hostileCookies = () =>
    fc.oneof(
      { weight: 8, arbitrary: fc.array(fc.tuple(space, cookieName(), space, space, cookieValue(), space).map(([a, n, b, c, v, d]) => headerSafe(`${a}${n}${b}=${c}${v}${d}`)), { maxLength: 6 }).map((parts) => parts.join(';')) },
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 300 }, (_, n) => `c${n}=${n}`).join('; ')) },
      // The attack run's own shapes: a cart the cache's check once missed and the cart's read found.
      { weight: 1, arbitrary: fc.constantFrom(' ', '\t', '', ';').map((gap) => `tb_cart_${world.storeId()}${gap === '' ? ' ' : ''}=${gap === ';' ? '; tb_cart_' + world.storeId() + '= ' : gap}${encodeURIComponent(JSON.stringify({ l: [[world.productId(), 0, 999]] }))}`) },
    );

  const query = (names: string[]) => fc.array(fc.oneof(fc.constantFrom(...names, ...world.queryNames), name()).chain((field) => fc.tuple(fc.constant(field), valueOf(field))), { maxLength: 5 });

  return { id, query, body, hostileCookies };
}
