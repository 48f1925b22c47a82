import { readFileSync } from 'node:fs';

// SRI's XML schemas, checked by a real XML Schema validator: libxml2 (the library behind Debian's
// `xmllint`) compiled to WebAssembly, `libxml2-wasm`, in this process — no native build, no
// network. The schemas are this folder's copies of SRI's (`xsd/`, from ../shared/sri/xsd): the
// `factura` and `notaCredito` schemas import `xmldsig-core-schema.xsd`, which is answered from the
// same folder by an in-memory input provider, so nothing is ever fetched.
//
// Loaded lazily, once per process: the WebAssembly module and the compiled `factura` schema cost
// about 25 MiB of resident memory (its linear memory is 25.3 MiB, and stays so over thousands of
// validations; measured on Node 24), which a server that never validates must not pay at start —
// the benchmarks' peak leaves far less. The first call loads them; later calls reuse them.

export type SriSchema = 'factura' | 'notaCredito';

/** One reason a document is not valid: the element it is about, where, and libxml2's own words. */
export type SriXsdError = { element: string; path: string; line: number; message: string };

const FILES: Record<SriSchema, string> = { factura: 'factura_V1.1.0.xsd', notaCredito: 'NotaCredito_V1.1.0.xsd' };
const IMPORTED = ['xmldsig-core-schema.xsd'];
/** The schemas' base: a scheme of our own, so a relative `schemaLocation` resolves to a key below and never to a path or a URL. */
const BASE = 'sri-xsd:///';

type Lib = typeof import('libxml2-wasm');
type Validator = InstanceType<Lib['XsdValidator']>;

let library: Promise<Lib> | undefined;
const validators = new Map<SriSchema, Validator>();

const schemaBytes = (file: string) => new Uint8Array(readFileSync(new URL(`./xsd/${file}`, import.meta.url)));

function loadLibrary(): Promise<Lib> {
  library ??= import('libxml2-wasm').then((lib) => {
    const files: Record<string, Uint8Array> = {};
    for (const file of [...Object.values(FILES), ...IMPORTED]) files[`${BASE}${file}`] = schemaBytes(file);
    lib.xmlRegisterInputProvider(new lib.XmlBufferInputProvider(files));
    return lib;
  });
  return library;
}

function validatorOf(lib: Lib, schema: SriSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    const url = `${BASE}${FILES[schema]}`;
    const doc = lib.XmlDocument.fromBuffer(schemaBytes(FILES[schema]), { url });
    try {
      validator = lib.XsdValidator.fromDoc(doc);
    } finally {
      doc.dispose();
    }
    validators.set(schema, validator);
  }
  return validator;
}

/** `/factura/detalles/detalle[2]/codigoPrincipal` → `codigoPrincipal`; libxml2's "Element 'x'" when it gave no path. */
function elementOf(path: string, message: string): string {
  const named = /Element '([^']+)'/.exec(message)?.[1];
  if (named) return named.replace(/^\{[^}]*\}/, '');
  return path.split('/').filter(Boolean).at(-1)?.replace(/\[\d+\]$/, '') ?? '';
}

/**
 * The reasons `xml` is not valid against SRI's schema (`factura` 1.1.0 unless told), each naming its
 * element; none when it is valid. A document that is not even well-formed XML is one reason, named
 * by the parser's message. A signed document is validated with its `ds:Signature` taken out
 * (../shared/sri/README.md: these copies leave that element out).
 */
export async function sriXsdErrors(xml: string, schema: SriSchema = 'factura'): Promise<SriXsdError[]> {
  const lib = await loadLibrary();
  const validator = validatorOf(lib, schema);
  let doc: InstanceType<Lib['XmlDocument']>;
  try {
    doc = lib.XmlDocument.fromString(xml, { option: lib.ParseOption.XML_PARSE_NONET });
  } catch (error) {
    const details = error instanceof lib.XmlLibError ? error.details : [];
    return details.length > 0
      ? details.map((detail) => ({ element: '', path: '', line: detail.line, message: detail.message.trim() }))
      : [{ element: '', path: '', line: 0, message: error instanceof Error ? error.message : String(error) }];
  }
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof lib.XmlValidateError)) throw error;
    return error.details.map((detail) => {
      const path = detail.xpath ?? '';
      const message = detail.message.trim();
      return { element: elementOf(path, message), path, line: detail.line, message };
    });
  } finally {
    doc.dispose();
  }
}

/** The errors as one text, one per line, each starting with its element: for logs and test failures. */
export const describeSriXsdErrors = (errors: readonly SriXsdError[]) => errors.map((error) => `${error.element || '(document)'} at ${error.path || `line ${error.line}`}: ${error.message}`).join('\n');
