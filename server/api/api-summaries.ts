import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { resourceText } from '#common/resource.ts';
import { RESOURCES } from '#common/resources/index.ts';

// The operations' one-line summaries in the guide's language (issue 20 §7): the routes write them
// in English, the document's working language; a Spanish reader gets these. Keyed by the English
// text, so a route that changes its summary shows up in tests/integration/openapi.test.ts (which
// checks every operation has its Spanish line) instead of silently staying English.

const SPANISH: Record<string, string> = {
  // payments (issue 39)
  'The payments of one order of my store: each attempt, the transfer receipts and the refunds (cents)': 'Los pagos de un pedido de mi tienda: cada intento, los comprobantes de transferencia y los reembolsos (centavos)',
  'Refund an order of my store, by lines or by an amount (cents); the buyer gets an e-mail': 'Reembolsar un pedido de mi tienda, por líneas o por un monto (centavos); el comprador recibe un correo',
  "My store's payment gateways (never their credentials)": 'Las pasarelas de pago de mi tienda (nunca sus credenciales)',
  'One payment gateway of my store: on or off, sandbox or live, the minutes an unpaid order waits, and whether its credentials are saved (never the credentials)':
    'Una pasarela de pago de mi tienda: activa o no, pruebas o producción, los minutos que espera un pedido sin pagar y si tiene credenciales guardadas (nunca las credenciales)',
  'Change one payment gateway of my store; credentials are write-only (kept encrypted, never answered) and stay as saved when omitted':
    'Cambiar una pasarela de pago de mi tienda; las credenciales solo se escriben (se guardan cifradas y nunca se devuelven) y, si se omiten, se conservan',
  // casillero
  'List my alerts': 'Mis alertas',
  'Pre-alert a purchase': 'Prealertar una compra',
  'One of my alerts': 'Una de mis alertas',
  'Change a pending alert': 'Cambiar una alerta pendiente',
  'Delete a pending alert': 'Eliminar una alerta pendiente',
  'My packages, optionally by status': 'Mis paquetes, por estado si se pide',
  'Register a package that arrived at the warehouse (staff)': 'Registrar un paquete que llegó a la bodega (personal)',
  'List my consolidations': 'Mis consolidaciones',
  'Ask to ship one or more of my warehouse packages (one ships on its own)': 'Pedir el envío de uno o más de mis paquetes en bodega (uno solo se envía por su cuenta)',
  'One of my consolidations, with its packages and events': 'Una de mis consolidaciones, con sus paquetes y eventos',
  'Cancel a requested consolidation; its packages go back to the warehouse': 'Cancelar una consolidación solicitada; sus paquetes vuelven a la bodega',
  "All clients' consolidations (staff)": 'Las consolidaciones de todos los clientes (personal)',
  'Any consolidation, with its client and next states (staff)': 'Cualquier consolidación, con su cliente y sus estados siguientes (personal)',
  'Move a consolidation to its next state, with a note for the client and the final weight, cost (USD) and outbound tracking (required to ship) (staff)':
    'Pasar una consolidación a su estado siguiente, con una nota para el cliente y el peso, el costo (USD) y el tracking de salida finales (obligatorios para enviar) (personal)',
  'List my tickets': 'Mis tickets',
  'Open a ticket with its first message': 'Abrir un ticket con su primer mensaje',
  'One of my tickets with its messages': 'Uno de mis tickets con sus mensajes',
  'Reply to my ticket (reopens it)': 'Responder a mi ticket (lo reabre)',
  'Close my ticket': 'Cerrar mi ticket',
  'Staff: every ticket, open and longest waiting first': 'Personal: todos los tickets, los abiertos y los que más esperan primero',
  'Staff: any ticket with its messages': 'Personal: cualquier ticket con sus mensajes',
  'Staff: answer a ticket (notifies the client)': 'Personal: responder un ticket (avisa al cliente)',
  'Staff: close a ticket': 'Personal: cerrar un ticket',
  'My latest notifications': 'Mis últimas notificaciones',
  'Mark one notification read': 'Marcar una notificación como leída',
  'Mark every notification read': 'Marcar todas las notificaciones como leídas',
  'Upload a file': 'Subir un archivo',
  'Read an uploaded file': 'Leer un archivo subido',
  'Remove an upload no record uses yet': 'Quitar un archivo subido que ningún registro usa todavía',
  // store
  'My store': 'Mi tienda',
  "Is this store address free? (the new-store form's live check)": '¿Está libre esta dirección de tienda? (la comprobación en vivo del formulario de tienda nueva)',
  'Open my store (one per account)': 'Abrir mi tienda (una por cuenta)',
  'Delete my store and everything it owns (type its slug and your password)': 'Eliminar mi tienda y todo lo que contiene (escribe su dirección y tu contraseña)',
  'My store: publishing, type, name and description': 'Mi tienda: publicación, tipo, nombre y descripción',
  "Change my store's publishing, type, name and description": 'Cambiar la publicación, el tipo, el nombre y la descripción de mi tienda',
  'My store: social links and WhatsApp': 'Mi tienda: redes sociales y WhatsApp',
  "Change my store's social links and WhatsApp": 'Cambiar las redes sociales y el WhatsApp de mi tienda',
  'My store: contact details': 'Mi tienda: datos de contacto',
  "Change my store's contact details": 'Cambiar los datos de contacto de mi tienda',
  'My store: keywords and the analytics/pixel scripts (returned to the owner only)': 'Mi tienda: palabras clave y los scripts de analítica y píxel (solo para su dueño)',
  "Change my store's keywords and the analytics/pixel scripts (returned to the owner only)": 'Cambiar las palabras clave y los scripts de analítica y píxel de mi tienda (solo para su dueño)',
  'My store’s logo and style': 'El logo y el estilo de mi tienda',
  'Set my store’s logo and style': 'Poner el logo y el estilo de mi tienda',
  'My store: payments, shipping and invoicing (money in cents)': 'Mi tienda: cobros, envíos y facturación (dinero en centavos)',
  "Change my store's payments, shipping and invoicing (money in cents)": 'Cambiar los cobros, los envíos y la facturación de mi tienda (dinero en centavos)',
  "My store's signing certificate: holder, issuer and dates (never the file)": 'La firma electrónica de mi tienda: titular, entidad y fechas (nunca el archivo)',
  "Upload or replace my store's signing certificate": 'Subir o reemplazar la firma electrónica de mi tienda',
  "Remove my store's signing certificate": 'Quitar la firma electrónica de mi tienda',
  "My store's own domain and the DNS records to make": 'El dominio propio de mi tienda y los registros de DNS que hay que crear',
  'Add my store’s own domain (one per store)': 'Agregar el dominio propio de mi tienda (uno por tienda)',
  'Check my domain’s TXT record now; verified once it is seen': 'Buscar ahora el registro TXT de mi dominio; queda verificado al encontrarlo',
  'Remove my store’s own domain': 'Quitar el dominio propio de mi tienda',
  'The plans a store can have': 'Los planes que puede tener una tienda',
  'Every plan with its number of stores (admin)': 'Todos los planes con su número de tiendas (administrador)',
  'Create a plan (admin)': 'Crear un plan (administrador)',
  'One plan (admin)': 'Un plan (administrador)',
  'Change a plan; marking it default unmarks the other (admin)': 'Cambiar un plan; marcarlo como predeterminado desmarca el otro (administrador)',
  'Delete a plan no store uses, not the default (admin)': 'Eliminar un plan que ninguna tienda usa y que no es el predeterminado (administrador)',
  'Every store, paged, with search and filters (staff)': 'Todas las tiendas, por páginas, con búsqueda y filtros (personal)',
  'One store with its owner and plan (staff)': 'Una tienda con su dueño y su plan (personal)',
  'Set a store’s plan and expiration (admin)': 'Poner el plan y el vencimiento de una tienda (administrador)',
  // catalogue and content beside the kit's operations
  'My store’s products and variants as a CSV file': 'Los productos y variantes de mi tienda en un archivo CSV',
  'Preview or import a CSV file of products and variants': 'Revisar o importar un archivo CSV de productos y variantes',
  'The variants of one product of my store, in name order': 'Las variantes de un producto de mi tienda, por nombre',
  'Put my store’s banners in this order (first shown first; banners left out follow)': 'Poner los banners de mi tienda en este orden (el primero se muestra primero; los que no se nombran van después)',
  'Move one banner a step up or down, or to just before another banner': 'Mover un banner un lugar arriba o abajo, o justo antes de otro banner',
  // the store's activity log (issue 38 §4)
  "My store's activity log, newest first: by person, kind and day range": 'El registro de actividad de mi tienda, lo más reciente primero: por persona, tipo y rango de días',
  // the store's staff (issue 38 §2)
  "My store's members and their roles, the owner first": 'Los miembros de mi tienda y sus roles, el dueño primero',
  // shipping zones (issue 40 §1)
  "My store's shipping zones with their rates, and pickup in store (cents, grams)": 'Las zonas de envío de mi tienda con sus tarifas, y el retiro en tienda (centavos, gramos)',
  'Add a shipping zone: a name and its provinces (some cantons of a province if wanted)': 'Agregar una zona de envío: un nombre y sus provincias (algunos cantones de una provincia, si se quiere)',
  "Change a shipping zone's name and provinces": 'Cambiar el nombre y las provincias de una zona de envío',
  'Delete a shipping zone with its rates': 'Eliminar una zona de envío con sus tarifas',
  'Add a rate to a shipping zone: flat, by order total or by weight (cents, grams)': 'Agregar una tarifa a una zona de envío: fija, según el total o según el peso (centavos, gramos)',
  'Change a shipping rate (cents, grams)': 'Cambiar una tarifa de envío (centavos, gramos)',
  'Delete a shipping rate': 'Eliminar una tarifa de envío',
  'Offer pickup in store or not, with its address and instructions': 'Ofrecer o no el retiro en tienda, con su dirección e indicaciones',
  // webhooks (issue 38 §5)
  "My store's webhook endpoints": 'Los webhooks de mi tienda',
  'Add a webhook endpoint; its signing secret is answered once': 'Agregar un webhook; su secreto de firma se responde una sola vez',
  'One webhook endpoint': 'Un webhook',
  "Change a webhook endpoint's URL, events or state": 'Cambiar la dirección, los eventos o el estado de un webhook',
  'Delete a webhook endpoint with its deliveries': 'Eliminar un webhook con sus envíos',
  "Rotate a webhook endpoint's signing secret; the new one is answered once": 'Cambiar el secreto de firma de un webhook; el nuevo se responde una sola vez',
  'Send a webhook endpoint a `webhook.test` event': 'Enviar a un webhook un evento `webhook.test`',
  "A webhook endpoint's deliveries, newest first, each with its attempts": 'Los envíos de un webhook, los más recientes primero, cada uno con sus intentos',
  'Send a delivery again, under the same `webhook-id`': 'Reenviar un envío, con el mismo `webhook-id`',
  // sales: orders and customers
  "My store's orders, newest first: by status, customer, day range and total range (cents), or a number": 'Los pedidos de mi tienda, los más nuevos primero: por estado, cliente, rango de días y rango de total (centavos), o un número',
  'One order of my store with its lines, history and the states it may move to': 'Un pedido de mi tienda con sus líneas, su historial y los estados a los que puede pasar',
  'Move an order on (pending → paid → shipped → delivered) or cancel it while pending or paid (its stock and coupon use come back); the buyer gets an e-mail':
    'Avanzar un pedido (pendiente → pagado → enviado → entregado) o cancelarlo mientras está pendiente o pagado (vuelven su stock y el uso del cupón); el comprador recibe un correo',
  // shipments (issue 40 §2)
  'The shipments of one order of my store: carrier, tracking number and link, and the units each carries': 'Los envíos de un pedido de mi tienda: transportista, número de guía y enlace, y las unidades de cada uno',
  'Ship a paid order of my store, whole or some lines, with a carrier and tracking number; the buyer gets an e-mail with the tracking link':
    'Enviar un pedido pagado de mi tienda, entero o algunas líneas, con un transportista y un número de guía; el comprador recibe un correo con el enlace de seguimiento',
  "My store's customers, searched by name, e-mail or document": 'Los clientes de mi tienda, buscados por nombre, correo o documento',
  'One customer of my store with their orders, how many and the sum of those not canceled (cents)': 'Un cliente de mi tienda con sus pedidos, cuántos son y la suma de los no cancelados (centavos)',
  "Correct a customer's contact data (the number is checked for its type as SRI issues it; the e-mail is unique in the store)": 'Corregir los datos de contacto de un cliente (el número se verifica según su tipo, como lo emite el SRI; el correo es único en la tienda)',
  // invoices
  'List my store’s invoices': 'Las facturas de mi tienda',
  'Issue the invoice of one of my orders': 'Emitir la factura de uno de mis pedidos',
  'One of my store’s invoices, with its lines and IVA bases': 'Una factura de mi tienda, con sus líneas y sus bases de IVA',
  'An invoice as SRI’s XML: authorized, signed or unsigned': 'Una factura como XML del SRI: autorizada, firmada o sin firmar',
  'An invoice as a PDF laid out like SRI’s RIDE, in the caller’s language': 'Una factura en PDF con la forma del RIDE del SRI, en el idioma de quien la pide',
  // credit notes (issue 37 §7)
  'The credit notes of one of my store’s invoices, oldest first': 'Las notas de crédito de una factura de mi tienda, de la más antigua a la más reciente',
  'Issue a credit note of one of my store’s invoices': 'Emitir una nota de crédito de una factura de mi tienda',
  'One credit note with its lines': 'Una nota de crédito con sus líneas',
  'A credit note as SRI’s notaCredito XML (schema 1.1.0)': 'Una nota de crédito como XML notaCredito del SRI (esquema 1.1.0)',
  'A credit note as a PDF laid out like SRI’s RIDE, in the caller’s language': 'Una nota de crédito en PDF con la forma del RIDE del SRI, en el idioma de quien la pide',
};

/** The kit's six operations of each resource (resource-api.ts), named by the resource's own title. */
function kitSummaries(): Record<string, string> {
  const t = translator('es');
  const lines: Record<string, string> = {};
  for (const resource of RESOURCES) {
    const title = String(t(resourceText(resource, 'title') as MessageKey));
    lines[`List the ${resource.key} records of my store`] = `Los registros de «${title}» de mi tienda`;
    lines[`Create a ${resource.key}`] = `Crear un registro en «${title}»`;
    lines[`Act on many ${resource.key} records at once`] = `Actuar sobre varios registros de «${title}» a la vez`;
    lines[`One ${resource.key} of my store`] = `Un registro de «${title}» de mi tienda`;
    lines[`Change a ${resource.key}`] = `Cambiar un registro de «${title}»`;
    lines[`Delete a ${resource.key}`] = `Eliminar un registro de «${title}»`;
  }
  return lines;
}

let spanish: Record<string, string> | undefined;

/** An operation's summary in `locale`: the route's own in English, this file's in Spanish. */
export function localizedSummary(summary: string, locale: Locale): string {
  if (locale === 'en') return summary;
  spanish ??= { ...SPANISH, ...kitSummaries() };
  return spanish[summary] ?? summary;
}
