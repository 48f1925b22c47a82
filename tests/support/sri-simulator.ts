import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isValidAccessKey } from '#common/sri.ts';
import type { SriEndpoints } from '#server/config.ts';
import { SRI_AUTHORIZATION_NS, SRI_RECEPTION_NS } from '#server/modules/sales/invoice/sri-client.ts';
import { describeSriXsdErrors, sriXsdErrors } from '#server/modules/sales/invoice/sri-xsd.ts';
import { xmlsecVerify } from './sri-certificates.ts';

// A local stand-in for SRI's offline web services (issue 37 §6), speaking the SOAP of their WSDLs
// (RecepcionComprobantesOffline.validarComprobante, AutorizacionComprobantesOffline.
// autorizacionComprobante) over node:http, and checking a document where SRI's technical sheet says
// SRI does (Ficha técnica, §11):
// * reception: the XML well formed and valid against the schema (35 ARCHIVO NO CUMPLE ESTRUCTURA
//   XML), the key unique (43 CLAVE ACCESO REGISTRADA; 70 CLAVE DE ACCESO EN PROCESAMIENTO while the
//   first copy is being processed), the sequence unique per RUC, type and series (45 ERROR
//   SECUENCIAL REGISTRADO). A returned (DEVUELTA) document is not kept, as SRI keeps none.
// * authorization: the key well formed and matching the document (58), the signature (39 FIRMA
//   INVALIDA, checked by Debian's `xmlsec1 --verify`); the test environment's warning 60.
// It can answer EN PROCESO for a while, lose an answer after acting on the request, and be down
// (connection refused, HTTP 500, or no answer until the client gives up).

export type SriSimulatorMessage = { id: string; message: string; detail?: string; type: 'ERROR' | 'ADVERTENCIA' | 'INFORMATIVO' };

/** SRI's own texts for the identifiers the simulator answers. */
export const SRI_TEXT = {
  35: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
  39: 'FIRMA INVALIDA',
  43: 'CLAVE ACCESO REGISTRADA',
  45: 'ERROR SECUENCIAL REGISTRADO',
  58: 'ERROR EN LA ESTRUCTURA DE CLAVE ACCESO',
  60: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS',
  70: 'CLAVE DE ACCESO EN PROCESAMIENTO',
} as const;

type Stored = {
  key: string;
  /** The bytes received, as decoded from base64. */
  bytes: Buffer;
  sequenceKey: string;
  /** Authorization answers still to give as if the key were unknown (SRI's authorization lags its reception). */
  unknownAnswers: number;
  /** Authorization answers still to give as EN PROCESO. */
  pendingAnswers: number;
  verdict?: { state: 'AUTORIZADO' | 'NO AUTORIZADO'; at: string; messages: SriSimulatorMessage[] };
};

export type Outage = 'refused' | 'http500' | 'timeout' | null;

export type SriSimulatorOptions = {
  /** PEM of the accredited entity (the test CA) a signer's certificate must chain to, as SRI checks it. */
  trustedPem: string;
  /** The instant written as fechaAutorizacion (default: now), in Ecuador's offset. */
  now?: () => Date;
};

export type SriSimulator = {
  /** The WSDL URLs, as SRI publishes its own (configuration takes these). */
  endpoints: SriEndpoints;
  /** Every request, in order: the operation and the access key it concerns. */
  calls: { operation: 'validarComprobante' | 'autorizacionComprobante'; key: string }[];
  /** The documents SRI holds, by access key. */
  stored: Map<string, Stored>;
  /** The first `n` authorization answers for every key received from now on say EN PROCESO. */
  processFor(n: number): void;
  /** The first `n` authorization answers for every key received from now on know nothing of it yet. */
  unknownFor(n: number): void;
  /** Acts on the next request of `operation`, then drops the connection instead of answering. */
  loseNextAnswer(operation: 'validarComprobante' | 'autorizacionComprobante'): void;
  /** Down (or back up, with null): 'refused' stops listening on the port; the others answer badly. */
  outage(kind: Outage): Promise<void>;
  close(): Promise<void>;
};

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

const requestParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, processEntities: false });
const documentParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, processEntities: false });

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const envelope = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const messagesXml = (messages: readonly SriSimulatorMessage[]) =>
  messages.length === 0
    ? '<mensajes/>'
    : `<mensajes>${messages
        .map((m) => `<mensaje><identificador>${m.id}</identificador><mensaje>${escape(m.message)}</mensaje>${m.detail ? `<informacionAdicional>${escape(m.detail)}</informacionAdicional>` : ''}<tipo>${m.type}</tipo></mensaje>`)
        .join('')}</mensajes>`;
const message = (id: keyof typeof SRI_TEXT, type: SriSimulatorMessage['type'] = 'ERROR', detail?: string): SriSimulatorMessage => ({ id: String(id), message: SRI_TEXT[id], type, ...(detail ? { detail } : {}) });

/** `2026-12-06T10:11:12-05:00`: SRI's fechaAutorizacion, in Ecuador's time. */
const ecuadorDateTime = (instant: Date) => `${new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The comprobante without its enveloped signature, for the schema: the copies of SRI's schemas in
 * server/modules/sales/invoice/xsd/ end the comprobante at `infoAdicional`, with no `ds:Signature`
 * element, so the signed document is checked as SRI checks the comprobante's content, and its
 * signature apart (xmlsec1). Removed through libxml2's tree, never by text.
 */
async function withoutSignature(xml: string): Promise<string> {
  const { XmlDocument } = await import('libxml2-wasm');
  const document = XmlDocument.fromString(xml);
  try {
    for (const signature of document.find('/*/ds:Signature', { ds: 'http://www.w3.org/2000/09/xmldsig#' })) signature.remove();
    return document.toString();
  } finally {
    document.dispose();
  }
}

/** What SRI reads of a comprobante: its key and sequence parts, its environment. */
function infoOf(xml: string) {
  const document = documentParser.parse(xml) as Record<string, Record<string, Record<string, unknown>>>;
  const rootName = Object.keys(document).find((name) => name !== '?xml') ?? '';
  const root = document[rootName];
  const info = root?.infoTributaria as Record<string, unknown> | undefined;
  const field = (name: string) => (typeof info?.[name] === 'string' ? (info[name] as string) : '');
  return { root: rootName, key: field('claveAcceso'), ruc: field('ruc'), codDoc: field('codDoc'), estab: field('estab'), ptoEmi: field('ptoEmi'), secuencial: field('secuencial'), ambiente: field('ambiente') };
}

export async function startSriSimulator(options: SriSimulatorOptions): Promise<SriSimulator> {
  const stored = new Map<string, Stored>();
  const calls: SriSimulator['calls'] = [];
  let processing = 0;
  let unknown = 0;
  let outage: Outage = null;
  const lose = new Set<string>();
  const sockets = new Set<Socket>();

  async function reception(body: Record<string, unknown>): Promise<string> {
    const xml64 = typeof body.xml === 'string' ? body.xml.trim() : '';
    const bytes = Buffer.from(xml64, 'base64');
    const xml = bytes.toString('utf8');
    const answer = (state: 'RECIBIDA' | 'DEVUELTA', key: string, messages: SriSimulatorMessage[] = []) =>
      envelope(
        `<ns2:validarComprobanteResponse xmlns:ns2="${SRI_RECEPTION_NS}"><RespuestaRecepcionComprobante><estado>${state}</estado>` +
          (state === 'RECIBIDA' ? '<comprobantes/>' : `<comprobantes><comprobante><claveAcceso>${escape(key)}</claveAcceso>${messagesXml(messages)}</comprobante></comprobantes>`) +
          '</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>',
      );
    // 1. The XML: well formed, then valid against the schema.
    const wellFormed = xml64 !== '' ? XMLValidator.validate(xml) : { err: { msg: 'empty file' } };
    if (wellFormed !== true) {
      calls.push({ operation: 'validarComprobante', key: '' });
      return answer('DEVUELTA', '', [message(35, 'ERROR', wellFormed.err.msg)]);
    }
    const info = infoOf(xml);
    calls.push({ operation: 'validarComprobante', key: info.key });
    const problems = await sriXsdErrors(await withoutSignature(xml), info.root === 'notaCredito' ? 'notaCredito' : 'factura');
    if (info.root !== 'factura' && info.root !== 'notaCredito') problems.push({ element: info.root, path: '/', line: 1, message: 'not a comprobante this simulator knows' });
    if (problems.length > 0) return answer('DEVUELTA', info.key, [message(35, 'ERROR', describeSriXsdErrors(problems).slice(0, 1000))]);
    // 3. Unicity: the key, then the sequence.
    const already = stored.get(info.key);
    // 70 while the first copy is still being processed; 43 once SRI has it registered.
    if (already) return answer('DEVUELTA', info.key, [already.pendingAnswers > 0 ? message(70) : message(43)]);
    const sequenceKey = [info.ruc, info.codDoc, info.estab, info.ptoEmi, info.secuencial].join('-');
    if ([...stored.values()].some((entry) => entry.sequenceKey === sequenceKey)) return answer('DEVUELTA', info.key, [message(45)]);
    stored.set(info.key, { key: info.key, bytes, sequenceKey, unknownAnswers: unknown, pendingAnswers: processing });
    return answer('RECIBIDA', info.key);
  }

  async function authorization(body: Record<string, unknown>): Promise<string> {
    const key = typeof body.claveAccesoComprobante === 'string' ? body.claveAccesoComprobante.trim() : '';
    calls.push({ operation: 'autorizacionComprobante', key });
    const entry = stored.get(key);
    const answer = (autorizaciones: string, count: number) =>
      envelope(
        `<ns2:autorizacionComprobanteResponse xmlns:ns2="${SRI_AUTHORIZATION_NS}"><RespuestaAutorizacionComprobante><claveAccesoConsultada>${escape(key)}</claveAccesoConsultada><numeroComprobantes>${count}</numeroComprobantes>${autorizaciones}</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`,
      );
    if (!entry || entry.unknownAnswers > 0) {
      if (entry) entry.unknownAnswers -= 1;
      return answer('<autorizaciones/>', 0);
    }
    const xml = entry.bytes.toString('utf8');
    const info = infoOf(xml);
    const ambiente = info.ambiente === '2' ? 'PRODUCCIÓN' : 'PRUEBAS';
    if (entry.pendingAnswers > 0) {
      entry.pendingAnswers -= 1;
      return answer(`<autorizaciones><autorizacion><estado>EN PROCESO</estado><fechaAutorizacion>${ecuadorDateTime(options.now?.() ?? new Date())}</fechaAutorizacion><ambiente>${ambiente}</ambiente><comprobante>${cdata(xml)}</comprobante><mensajes/></autorizacion></autorizaciones>`, 1);
    }
    if (!entry.verdict) {
      const at = ecuadorDateTime(options.now?.() ?? new Date());
      const warnings = info.ambiente === '2' ? [] : [message(60, 'INFORMATIVO')];
      const keyWrong = !isValidAccessKey(key) || key.slice(24, 39) !== `${info.estab}${info.ptoEmi}${info.secuencial}` || key.slice(10, 23) !== info.ruc;
      const verified = keyWrong ? null : await xmlsecVerify(xml, options.trustedPem);
      const signature = verified && !verified.ok ? verified.output.split('\n').find((line) => /error|fail/i.test(line)) ?? 'signature does not verify' : null;
      entry.verdict = keyWrong
        ? { state: 'NO AUTORIZADO', at, messages: [message(58, 'ERROR', 'La clave de acceso tiene componentes diferentes a los del comprobante'), ...warnings] }
        : signature
          ? { state: 'NO AUTORIZADO', at, messages: [message(39, 'ERROR', signature.slice(0, 300)), ...warnings] }
          : { state: 'AUTORIZADO', at, messages: warnings };
    }
    const { verdict } = entry;
    const number = verdict.state === 'AUTORIZADO' ? `<numeroAutorizacion>${key}</numeroAutorizacion>` : '';
    return answer(`<autorizaciones><autorizacion><estado>${verdict.state}</estado>${number}<fechaAutorizacion>${verdict.at}</fechaAutorizacion><ambiente>${ambiente}</ambiente><comprobante>${cdata(xml)}</comprobante>${messagesXml(verdict.messages)}</autorizacion></autorizaciones>`, 1);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    if (outage === 'timeout') return; // never answered: the client's timeout ends it
    if (outage === 'http500') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    const service = new URL(request.url ?? '/', 'http://sri.invalid').pathname;
    const parsed = requestParser.parse(text) as { Envelope?: { Body?: Record<string, Record<string, unknown>> } };
    const body = parsed.Envelope?.Body ?? {};
    let xml: string;
    let operation: 'validarComprobante' | 'autorizacionComprobante';
    if (service.endsWith('/RecepcionComprobantesOffline') && body.validarComprobante) {
      operation = 'validarComprobante';
      xml = await reception(body.validarComprobante);
    } else if (service.endsWith('/AutorizacionComprobantesOffline') && body.autorizacionComprobante) {
      operation = 'autorizacionComprobante';
      xml = await authorization(body.autorizacionComprobante);
    } else {
      response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' }).end(envelope('<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Cannot find dispatch method</faultstring></soap:Fault>'));
      return;
    }
    if (lose.delete(operation)) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(xml);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/comprobantes-electronicos-ws`;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    endpoints: { reception: `${base}/RecepcionComprobantesOffline?wsdl`, authorization: `${base}/AutorizacionComprobantesOffline?wsdl` },
    calls,
    stored,
    processFor(n) {
      processing = n;
    },
    unknownFor(n) {
      unknown = n;
    },
    loseNextAnswer(operation) {
      lose.add(operation);
    },
    async outage(kind) {
      if (outage === 'refused' && kind !== 'refused') await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      if (kind === 'refused' && outage !== 'refused') await stopListening();
      if (kind !== 'timeout') for (const socket of sockets) socket.destroy();
      outage = kind;
    },
    async close() {
      if (outage !== 'refused') await stopListening();
    },
  };
}
