import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { authorizedFile } from './invoice-sri.service.ts';
import { loadConfig } from '#server/config.ts';
import { authorizationRequest, parseAuthorization, parseReception, receptionRequest, sriEndpoints, SriUnreachableError } from './sri-client.ts';

// SRI's answers as its offline web services write them (namespace prefixes as SRI's JAX-WS server
// sets them), read by the client; anything else is "unreachable", so the job tries again.

const KEY = '0612202601179001691900110010020000000011234567813';
const soap = (body: string) => `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const reception = (inner: string) => soap(`<ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante>${inner}</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>`);
const authorization = (inner: string) =>
  soap(`<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante><claveAccesoConsultada>${KEY}</claveAccesoConsultada>${inner}</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`);
const DOCUMENT = '<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="1.1.0"><infoTributaria><razonSocial>Andes &amp; Co. &lt;Quito&gt;</razonSocial></infoTributaria></factura>';

function unreachable(read: () => unknown): SriUnreachableError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SriUnreachableError);
    return error as SriUnreachableError;
  }
  throw new Error('expected SriUnreachableError');
}

describe('the requests', () => {
  it('carry the signed bytes base64 in <xml>, and the key in <claveAccesoComprobante>, in SRI’s namespaces', () => {
    const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false });
    const sent = parser.parse(receptionRequest(Buffer.from(DOCUMENT, 'utf8'))) as { Envelope: { Body: { validarComprobante: { xml: string } } } };
    expect(Buffer.from(sent.Envelope.Body.validarComprobante.xml, 'base64').toString('utf8')).toBe(DOCUMENT);
    expect(receptionRequest(new Uint8Array())).toContain('xmlns:ec="http://ec.gob.sri.ws.recepcion"');
    expect(authorizationRequest(KEY)).toContain(`<ec:autorizacionComprobante><claveAccesoComprobante>${KEY}</claveAccesoComprobante></ec:autorizacionComprobante>`);
    expect(authorizationRequest(KEY)).toContain('xmlns:ec="http://ec.gob.sri.ws.autorizacion"');
    expect(() => authorizationRequest(`${KEY.slice(0, 48)}<`)).toThrow();
  });
});

describe('a reception answer', () => {
  it('reads RECIBIDA, and DEVUELTA with every message', () => {
    expect(parseReception(reception('<estado>RECIBIDA</estado><comprobantes/>'))).toEqual({ state: 'RECIBIDA', messages: [] });
    const returned = parseReception(
      reception(
        `<estado>DEVUELTA</estado><comprobantes><comprobante><claveAcceso>${KEY}</claveAcceso><mensajes>` +
          '<mensaje><identificador>35</identificador><mensaje>ARCHIVO NO CUMPLE ESTRUCTURA XML</mensaje><informacionAdicional>Element &apos;moneda&apos;: [facet &lt;pattern&gt;]</informacionAdicional><tipo>ERROR</tipo></mensaje>' +
          '<mensaje><identificador>45</identificador><mensaje>ERROR SECUENCIAL REGISTRADO</mensaje><tipo>ERROR</tipo></mensaje>' +
          '</mensajes></comprobante></comprobantes>',
      ),
    );
    expect(returned).toEqual({
      state: 'DEVUELTA',
      messages: [
        { id: '35', message: 'ARCHIVO NO CUMPLE ESTRUCTURA XML', detail: "Element 'moneda': [facet <pattern>]", type: 'ERROR' },
        { id: '45', message: 'ERROR SECUENCIAL REGISTRADO', detail: '', type: 'ERROR' },
      ],
    });
  });

  it('takes anything else as SRI being unreachable: a fault, HTML, a DOCTYPE, an unknown state', () => {
    expect(unreachable(() => parseReception(soap('<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Internal error</faultstring></soap:Fault>'))).message).toContain('Internal error');
    expect(unreachable(() => parseReception('<html><body>503 Service Unavailable</body></html>')).reason).toBe('malformed');
    expect(unreachable(() => parseReception('not xml at all <<<')).reason).toBe('malformed');
    expect(unreachable(() => parseReception(`<!DOCTYPE x [<!ENTITY e "RECIBIDA">]>${reception('<estado>&e;</estado>')}`)).reason).toBe('malformed');
    expect(unreachable(() => parseReception(reception('<estado>QUIZAS</estado>'))).message).toContain('QUIZAS');
  });
});

describe('an authorization answer', () => {
  const entry = (estado: string, extra = '') => `<autorizacion><estado>${estado}</estado>${extra}<fechaAutorizacion>2026-12-06T10:11:12-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante><![CDATA[${DOCUMENT}]]></comprobante><mensajes/></autorizacion>`;

  it('is null while SRI has no authorization for the key', () => {
    expect(parseAuthorization(authorization('<numeroComprobantes>0</numeroComprobantes><autorizaciones/>'))).toBeNull();
  });

  it('reads the authorization, its CDATA comprobante exactly, and prefers it to an earlier refusal', () => {
    const answer = parseAuthorization(authorization(`<numeroComprobantes>2</numeroComprobantes><autorizaciones>${entry('NO AUTORIZADO')}${entry('AUTORIZADO', `<numeroAutorizacion>${KEY}</numeroAutorizacion>`)}</autorizaciones>`));
    expect(answer).toEqual({ state: 'AUTORIZADO', number: KEY, authorizedAt: '2026-12-06T10:11:12-05:00', environment: 'PRUEBAS', document: DOCUMENT, messages: [] });
  });

  it('reads a comprobante sent as escaped text as well', () => {
    const escaped = DOCUMENT.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const answer = parseAuthorization(authorization(`<autorizaciones><autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>${KEY}</numeroAutorizacion><fechaAutorizacion>2026-12-06T10:11:12-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante>${escaped}</comprobante></autorizacion></autorizaciones>`));
    expect(answer?.document).toBe(DOCUMENT);
  });

  it('reads EN PROCESO and NO AUTORIZADO with SRI’s messages', () => {
    expect(parseAuthorization(authorization(`<autorizaciones>${entry('EN PROCESO')}</autorizaciones>`))?.state).toBe('EN PROCESO');
    const refused = parseAuthorization(
      authorization('<autorizaciones><autorizacion><estado>NO AUTORIZADO</estado><fechaAutorizacion>2026-12-06T10:11:12-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante/><mensajes><mensaje><identificador>39</identificador><mensaje>FIRMA INVALIDA</mensaje><informacionAdicional>La firma es invalida</informacionAdicional><tipo>ERROR</tipo></mensaje></mensajes></autorizacion></autorizaciones>'),
    );
    expect(refused).toMatchObject({ state: 'NO AUTORIZADO', number: '', messages: [{ id: '39', message: 'FIRMA INVALIDA', detail: 'La firma es invalida', type: 'ERROR' }] });
  });
});

describe('the authorized file kept', () => {
  it('gives back the comprobante exactly, even one holding `]]>`', () => {
    const tricky = `${DOCUMENT.slice(0, -10)}<!-- ]]> -->${DOCUMENT.slice(-10)}`;
    const file = authorizedFile({ state: 'AUTORIZADO', number: KEY, authorizedAt: '2026-12-06T10:11:12-05:00', environment: 'PRODUCCIÓN', document: tricky, messages: [] });
    const read = parseAuthorization(authorization(`<autorizaciones>${file.replace('<?xml version="1.0" encoding="UTF-8"?>\n', '')}</autorizaciones>`));
    expect(read).toMatchObject({ state: 'AUTORIZADO', number: KEY, environment: 'PRODUCCIÓN', document: tricky });
  });
});

describe('the endpoints', () => {
  it('are SRI’s own by default, per the environment the invoice was issued in, and come from configuration', () => {
    const defaults = loadConfig({});
    expect(sriEndpoints(defaults, 1)).toEqual({
      reception: 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl',
      authorization: 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline?wsdl',
    });
    expect(sriEndpoints(defaults, 2)).toEqual({
      reception: 'https://cel.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl',
      authorization: 'https://cel.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline?wsdl',
    });
    const configured = loadConfig({ SRI_RECEPTION_URL_PRODUCTION: 'https://sri-proxy.example.com/recepcion', SRI_TIMEOUT_MS: '5000' });
    expect(sriEndpoints(configured, 2).reception).toBe('https://sri-proxy.example.com/recepcion');
    expect(configured.sri.timeoutMs).toBe(5000);
    expect(() => loadConfig({ SRI_AUTHORIZATION_URL_TEST: 'not a url' })).toThrow(/SRI_AUTHORIZATION_URL_TEST/);
  });
});
