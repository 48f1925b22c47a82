import { createRequire } from 'node:module';
import type { XMLParser } from 'fast-xml-parser';
import type { SriEndpoints } from '#server/config.ts';

// SRI's offline web services (issue 37 §6; Ficha técnica de comprobantes electrónicos, esquema
// offline): SOAP 1.1 over HTTPS, as their WSDLs describe them.
// * Reception, `RecepcionComprobantesOffline`, operation `validarComprobante` (namespace
//   http://ec.gob.sri.ws.recepcion): the signed comprobante, base64, in `<xml>`; the answer
//   `RespuestaRecepcionComprobante` says RECIBIDA or DEVUELTA, with `comprobantes/comprobante/
//   mensajes/mensaje` {identificador, mensaje, informacionAdicional, tipo} when returned.
// * Authorization, `AutorizacionComprobantesOffline`, operation `autorizacionComprobante`
//   (http://ec.gob.sri.ws.autorizacion): `<claveAccesoComprobante>`; the answer
//   `RespuestaAutorizacionComprobante` lists `autorizaciones/autorizacion` {estado AUTORIZADO | NO
//   AUTORIZADO | EN PROCESO, numeroAutorizacion, fechaAutorizacion, ambiente, comprobante (the XML as
//   text), mensajes}; none while SRI has not got the key.
// Whatever SRI (or anything in between) answers is parsed by a real XML parser, never by patterns;
// an answer that is not one of these shapes counts as SRI being unreachable: the job tries again.

export const SRI_RECEPTION_NS = 'http://ec.gob.sri.ws.recepcion';
export const SRI_AUTHORIZATION_NS = 'http://ec.gob.sri.ws.autorizacion';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** SRI's message identifiers the invoice job acts on (Ficha técnica, tabla de errores). */
export const SRI_MESSAGE = {
  /** ARCHIVO NO CUMPLE ESTRUCTURA XML: the XSD refuses it. */
  structure: '35',
  /** FIRMA INVALIDA */
  signature: '39',
  /** CLAVE ACCESO REGISTRADA: SRI already has this key (a send whose answer was lost): ask for its authorization. */
  keyRegistered: '43',
  /** ERROR SECUENCIAL REGISTRADO: another document took this number at SRI. */
  sequenceRegistered: '45',
  /** CLAVE DE ACCESO EN PROCESAMIENTO: received, still being processed: ask again later. */
  keyInProcess: '70',
} as const;

export type SriMessage = { id: string; message: string; detail: string; type: string };

export type SriReception = { state: 'RECIBIDA' | 'DEVUELTA'; messages: SriMessage[] };

export type SriAuthorizationState = 'AUTORIZADO' | 'NO AUTORIZADO' | 'EN PROCESO';

export type SriAuthorization = {
  state: SriAuthorizationState;
  /** numeroAutorizacion, fechaAutorizacion and ambiente as SRI wrote them. */
  number: string;
  authorizedAt: string;
  environment: string;
  /** The comprobante as SRI returned it (the text of `<comprobante>`): the authorized document. */
  document: string;
  messages: SriMessage[];
};

/** SRI could not be asked or gave no usable answer: nothing is known, so the step is tried again. */
export class SriUnreachableError extends Error {
  override name = 'SriUnreachableError';
  readonly reason: 'timeout' | 'network' | 'http' | 'malformed';
  constructor(reason: SriUnreachableError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** SRI's environment of a store (store_sales.sri_environment): 1 tests (celcer), 2 production (cel). */
export function sriEndpoints(config: { sri: { test: SriEndpoints; production: SriEndpoints } }, environment: number): SriEndpoints {
  return environment === 2 ? config.sri.production : config.sri.test;
}

/** The configured URL is the WSDL's, as SRI publishes it (`…Offline?wsdl`); requests go to the service itself. */
function serviceUrl(wsdl: string): string {
  const url = new URL(wsdl);
  if (url.search.toLowerCase() === '?wsdl') url.search = '';
  return url.toString();
}

const envelope = (ns: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_NS}" xmlns:ec="${ns}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/** The request of `validarComprobante`: the signed document's bytes, base64. */
export const receptionRequest = (signed: Uint8Array) => envelope(SRI_RECEPTION_NS, `<ec:validarComprobante><xml>${Buffer.from(signed).toString('base64')}</xml></ec:validarComprobante>`);

/** The request of `autorizacionComprobante` for one access key (49 digits: nothing to escape). */
export function authorizationRequest(accessKey: string): string {
  if (!/^\d{49}$/.test(accessKey)) throw new Error('an SRI access key is 49 digits');
  return envelope(SRI_AUTHORIZATION_NS, `<ec:autorizacionComprobante><claveAccesoComprobante>${accessKey}</claveAccesoComprobante></ec:autorizacionComprobante>`);
}

/** Far above any answer SRI gives (a comprobante is at most 320 KB): a bigger one is not SRI's. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

async function call(url: string, body: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(serviceUrl(url), {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new SriUnreachableError(timedOut ? 'timeout' : 'network', timedOut ? `SRI did not answer within ${timeoutMs} ms` : `SRI could not be reached: ${causeOf(error)}`);
  }
  let text: string;
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_ANSWER_BYTES) throw new SriUnreachableError('malformed', `SRI's answer is ${bytes.byteLength} bytes: not an SRI answer`);
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof SriUnreachableError) throw error;
    throw new SriUnreachableError(error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network', `SRI's answer was cut short: ${causeOf(error)}`);
  }
  // A SOAP fault comes with a 500; anything else but a 200 is the service (or a proxy) being down.
  if (!response.ok && response.status !== 500) throw new SriUnreachableError('http', `SRI answered HTTP ${response.status}`);
  return text;
}

const causeOf = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

// Namespace prefixes dropped (SRI writes `ns2:`, `soap:`, `S:`, varying with the server), values
// kept as text (a 49-digit number stays a string), CDATA apart so the comprobante comes back as SRI
// wrote it, and the few elements SRI repeats always as lists.
const LISTS = new Set(['comprobante', 'mensaje', 'autorizacion']);
/**
 * The parser, made on the first answer read: only a process that talks to SRI loads the library
 * (decision 086; an idle worker's memory is measured, bench/README.md). Its CommonJS build, so the
 * load stays synchronous.
 */
let made: XMLParser | undefined;
const parser = () => (made ??= newParser());
const newParser = (): XMLParser => new (createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser')).XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  // No DOCTYPE entities: SRI's answers have no DOCTYPE, and a document that brings one is not trusted.
  processEntities: { enabled: true, maxEntityCount: 0 },
  isArray: (name, jpath) => LISTS.has(name) && !String(jpath).endsWith('autorizacion.comprobante'),
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element's text as written: its character data and CDATA in order (fast-xml-parser keeps them apart). */
function rawText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(rawText).join('');
  if (isNode(value)) {
    const cdata = value['#cdata'];
    const text = value['#text'];
    return `${rawText(text)}${rawText(cdata)}`;
  }
  return String(value);
}
const text = (value: unknown) => rawText(value).trim();
/** The comprobante as SRI wrote it: its CDATA when it comes as CDATA (the whitespace around it is layout), else its text. */
const documentText = (value: unknown) => (isNode(value) && value['#cdata'] !== undefined ? rawText(value['#cdata']) : rawText(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]);

function parse(xml: string, operation: string): Node {
  if (xml.includes('<!DOCTYPE') || xml.includes('<!ENTITY')) throw new SriUnreachableError('malformed', `SRI's ${operation} answer carries a DOCTYPE`);
  let document: unknown;
  try {
    document = parser().parse(xml, true);
  } catch (error) {
    throw new SriUnreachableError('malformed', `SRI's ${operation} answer is not XML: ${causeOf(error)}`);
  }
  const body = isNode(document) && isNode(document.Envelope) ? document.Envelope.Body : undefined;
  if (!isNode(body)) throw new SriUnreachableError('malformed', `SRI's ${operation} answer is not a SOAP envelope`);
  if (isNode(body.Fault)) throw new SriUnreachableError('malformed', `SRI's ${operation} answered a SOAP fault: ${text(body.Fault.faultstring) || text(body.Fault.faultcode)}`);
  const answer = body[`${operation}Response`];
  if (!isNode(answer)) throw new SriUnreachableError('malformed', `SRI's answer has no ${operation}Response`);
  return answer;
}

const messagesOf = (mensajes: unknown): SriMessage[] =>
  list(isNode(mensajes) ? mensajes.mensaje : undefined)
    .filter(isNode)
    .map((m) => ({ id: text(m.identificador), message: text(m.mensaje), detail: text(m.informacionAdicional), type: text(m.tipo) }));

/** Reads a `validarComprobanteResponse`. */
export function parseReception(xml: string): SriReception {
  const answer = parse(xml, 'validarComprobante').RespuestaRecepcionComprobante;
  if (!isNode(answer)) throw new SriUnreachableError('malformed', 'SRI\'s answer has no RespuestaRecepcionComprobante');
  const state = text(answer.estado);
  if (state !== 'RECIBIDA' && state !== 'DEVUELTA') throw new SriUnreachableError('malformed', `SRI's reception answered the state ${JSON.stringify(state.slice(0, 40))}`);
  const comprobantes = isNode(answer.comprobantes) ? list(answer.comprobantes.comprobante).filter(isNode) : [];
  return { state, messages: comprobantes.flatMap((comprobante) => messagesOf(comprobante.mensajes)) };
}

const STATES: readonly string[] = ['AUTORIZADO', 'NO AUTORIZADO', 'EN PROCESO'] satisfies SriAuthorizationState[];

/**
 * Reads an `autorizacionComprobanteResponse`: null while SRI has no authorization for the key (not
 * received yet, or still queued). When it lists several (a key refused, then sent again), an
 * authorization wins, then one in process, then the first refusal.
 */
export function parseAuthorization(xml: string): SriAuthorization | null {
  const answer = parse(xml, 'autorizacionComprobante').RespuestaAutorizacionComprobante;
  if (!isNode(answer)) throw new SriUnreachableError('malformed', 'SRI\'s answer has no RespuestaAutorizacionComprobante');
  const all = (isNode(answer.autorizaciones) ? list(answer.autorizaciones.autorizacion) : []).filter(isNode).map((entry): SriAuthorization => {
    const state = text(entry.estado);
    if (!STATES.includes(state)) throw new SriUnreachableError('malformed', `SRI's authorization answered the state ${JSON.stringify(state.slice(0, 40))}`);
    return {
      state: state as SriAuthorizationState,
      number: text(entry.numeroAutorizacion),
      authorizedAt: text(entry.fechaAutorizacion),
      environment: text(entry.ambiente),
      document: documentText(entry.comprobante),
      messages: messagesOf(entry.mensajes),
    };
  });
  return all.find((entry) => entry.state === 'AUTORIZADO') ?? all.find((entry) => entry.state === 'EN PROCESO') ?? all[0] ?? null;
}

export type SriCallOptions = { endpoints: SriEndpoints; timeoutMs: number };

/** Sends a signed comprobante to SRI's reception: what SRI says of it. */
export async function sendComprobante(options: SriCallOptions, signed: Uint8Array): Promise<SriReception> {
  return parseReception(await call(options.endpoints.reception, receptionRequest(signed), options.timeoutMs));
}

/** Asks SRI's authorization for an access key: its authorization, or null while it has none. */
export async function askAuthorization(options: SriCallOptions, accessKey: string): Promise<SriAuthorization | null> {
  return parseAuthorization(await call(options.endpoints.authorization, authorizationRequest(accessKey), options.timeoutMs));
}
