import { upload } from './es/upload.ts';
import { accessToken } from './es/access-token.ts';
import { backOffice } from './es/back-office.ts';
import { casillero } from './es/casillero.ts';
import { catalog } from './es/catalog.ts';
import { content } from './es/content.ts';
import { consolidation } from './es/consolidation.ts';
import { order, customer } from './es/sales.ts';
import { ticket } from './es/ticket.ts';
import { store } from './es/store.ts';
import { plan } from './es/plan.ts';
import { productCsv } from './es/product-csv.ts';
import { bulk } from './es/bulk.ts';
import { dateField } from './es/date-field.ts';
import { salesSettings } from './es/sales-settings.ts';
import { sriCertificate } from './es/sri-certificate.ts';
import { invoice } from './es/invoice.ts';
import { creditNote } from './es/credit-note.ts';
import { buyerCopy } from './es/buyer-copy.ts';
import { storeSales } from './es/store-sales.ts';
import { iva } from './es/iva.ts';
import { tenancy } from './es/tenancy.ts';
import { webhook } from './es/webhook.ts';
import { staff } from './es/staff.ts';
import { activity } from './es/activity.ts';
import { payment } from './es/payment.ts';
import { cartReminders } from './es/cart-reminders.ts';
import { domain } from './es/domain.ts';
import { orderPapers } from './es/order-papers.ts';
import { siteSettings } from './es/site-settings.ts';
import { shipment } from './es/shipment.ts';
import { shipping } from './es/shipping.ts';

// The messages of the logged-in screens (the dashboard layout and everything inside it) and of the
// e-mails: a chunk of their own in the browser, loaded by the dashboard layout, so the public pages
// (login, registration, terms) never ship them (decision 020). The base messages are in es.ts.
export const esDashboard = {
  upload,
  accessToken,
  backOffice,
  casillero,
  catalog,
  content,
  consolidation,
  order,
  customer,
  ticket,
  store,
  plan,
  productCsv,
  bulk,
  dateField,
  salesSettings,
  sriCertificate,
  invoice,
  creditNote,
  buyerCopy,
  storeSales,
  iva,
  tenancy,
  webhook,
  staff,
  activity,
  payment,
  cartReminders,
  domain,
  orderPapers,
  siteSettings,
  shipment,
  shipping,
  admin: {
    homeText: 'Opera la bodega y el soporte: registra paquetes, procesa consolidaciones y responde tickets.',
    clientsText: 'Busca clientes por nombre, correo, documento o código de casillero.',
    alertsText: 'Las compras que los clientes avisaron y aún esperan en bodega.',
    settingsText: 'Dirección de la bodega en EE. UU., tarifa por libra, modo mantenimiento y términos y condiciones.',
    warehouse: 'Bodega en EE. UU.',
    warehouseName: 'Nombre',
    line1: 'Dirección',
    line2: 'Dirección (línea 2)',
    city: 'Ciudad',
    stateField: 'Estado',
    zip: 'Código postal',
    country: 'País',
    phone: 'Teléfono',
    ratePerLb: 'Tarifa por libra (USD)',
    client: 'Cliente',
    document: 'Documento',
    registered: 'Registrado',
    users: 'Usuarios',
    role: 'Rol',
    status: 'Estado',
    enabled: 'Habilitado',
    disabled: 'Deshabilitado',
    enable: 'Habilitar',
    disable: 'Deshabilitar',
    roles: { client: 'Cliente', staff: 'Personal', admin: 'Administrador' },
    page: 'Página {{page}} de {{pages}}',
    previous: 'Anterior',
    nextPage: 'Siguiente',
  },
  desk: {
    lockerTitle: 'Tu casillero',
    lockerCode: 'Código de casillero',
    usAddress: 'Tu dirección en EE. UU.',
    usAddressHint: 'Usa esta dirección en tus compras en línea. Escribe tu código de casillero junto a tu nombre.',
    pendingAlerts: 'Alertas pendientes',
    inWarehouse: 'Paquetes en bodega',
    consolidations: 'Consolidaciones en curso',
    openTickets: 'Tickets abiertos',
    unread: 'Notificaciones sin leer',
    latest: 'Últimas notificaciones',
    seeAll: 'Ver todas',
    greeting: 'Hola, {{name}}',
    placeholder: 'Tu escritorio mostrará aquí tu casillero, tu tienda y tus notificaciones.',
    firstSteps: {
      title: 'Primeros pasos',
      intro: 'Así llega tu primera compra de EE. UU. a Ecuador:',
      done: 'Hecho',
      todo: 'Pendiente',
      progress: '{{done}} de {{total}} pasos',
      address: { title: 'Usa tu dirección en EE. UU.', text: 'Cómprala en línea con tu dirección de casillero y tu código junto a tu nombre.', link: 'Ver mi dirección' },
      alert: { title: 'Alerta tu compra', text: 'Danos el número de seguimiento para reconocer tu paquete al llegar.', link: 'Crear una alerta' },
      received: { title: 'La recibimos en bodega', text: 'Te avisamos cuando llega, con su peso y su foto.', link: 'Ver mis alertas' },
      ship: { title: 'Envíala a Ecuador', text: 'Pide el envío de tus paquetes, solos o consolidados en uno.', link: 'Pedir un envío' },
    },
    storeSetup: {
      title: 'Prepara tu tienda',
      intro: 'Completa estos pasos para que tu tienda esté lista para vender.',
      progress: '{{done}} de {{total}} pasos',
      done: 'Hecho',
      todo: 'Pendiente',
      logo: { title: 'Sube tu logo', text: 'Se muestra en la cabecera de tu tienda.', link: 'Subir el logo' },
      style: { title: 'Elige un estilo', text: 'Los colores y la tipografía con que tus clientes ven tu tienda.', link: 'Elegir el estilo' },
      category: { title: 'Crea tu primera categoría', text: 'Ordena tu catálogo para que tus clientes encuentren lo que buscan.', link: 'Crear una categoría' },
      product: { title: 'Agrega un producto con foto', text: 'Un producto con al menos una imagen, la primera es la principal.', link: 'Agregar un producto' },
      contact: { title: 'Completa tus datos de contacto', text: 'Correo, teléfono y dirección para que tus clientes te escriban.', link: 'Completar el contacto' },
      payment: { title: 'Elige cómo te pagan', text: 'Pago contra entrega o transferencia, el costo de envío y tu RUC para facturar.', link: 'Configurar cobros y envíos' },
      published: { title: 'Publica tu tienda', text: 'Hazla visible para tus clientes cuando esté lista.', link: 'Publicar la tienda' },
    },
    lowStock: {
      title: 'Stock bajo',
      intro: 'Productos activos con {{threshold}} unidades o menos (con variantes, los que tienen alguna variante así).',
      count_one: '{{count}} producto',
      count_other: '{{count}} productos',
      none: 'Ningún producto activo tiene {{threshold}} unidades o menos.',
      product: 'Producto',
      stock: 'Stock',
      units_one: '{{count}} unidad',
      units_other: '{{count}} unidades',
      variant_one: '{{name}}: {{count}} unidad',
      variant_other: '{{name}}: {{count}} unidades',
      caption: 'Productos con stock bajo, de menos a más unidades',
      seeAll: 'Ver todos por stock',
    },
  },
  notification: {
    bell: 'Notificaciones',
    unread_one: '{{count}} sin leer',
    unread_other: '{{count}} sin leer',
    none: 'No tienes notificaciones',
    markAllRead: 'Marcar todas como leídas',
    open: 'Ver detalle',
    package_received: { title: 'Paquete recibido: {{tracking}}', body: 'Tu paquete {{tracking}} llegó a nuestra bodega de Miami ({{weightLb}}).' },
    // `context: 'final'` (i18next's context) picks the _final texts once the warehouse weighed it.
    consolidation_update: {
      title: 'Consolidación #{{number}}: $t(casillero.consolidationStatus.{{status}})',
      title_final: 'Consolidación #{{number}}: $t(casillero.consolidationStatus.{{status}}) — peso final {{weightLb}}, costo {{costCents}}, tracking {{tracking}}',
      body: 'Tu consolidación #{{number}} cambió a «$t(casillero.consolidationStatus.{{status}})».',
      body_final: 'Tu consolidación #{{number}} cambió a «$t(casillero.consolidationStatus.{{status}})». Peso final: {{weightLb}}. Costo final: {{costCents}}. Tracking de salida: {{tracking}}.',
    },
    ticket_reply: { title: 'Respuesta en tu ticket #{{number}}', body: 'El equipo de soporte respondió tu ticket «{{subject}}».' },
    order_received: { title: 'Nuevo pedido #{{number}}', body: 'Recibiste un pedido nuevo en tu tienda.', title_receipt: 'Comprobante de pago del pedido #{{number}}', body_receipt: 'El cliente envió el comprobante de la transferencia del pedido #{{number}}. Revísalo y confirma o rechaza el pago.', title_flagged: 'Revisa el pago del pedido #{{number}}', body_flagged: 'La pasarela informó un pago del pedido #{{number}} que no cuadra (otro monto, moneda o pedido) o que llegó cuando el pedido ya no lo esperaba. No lo marcamos pagado: revísalo y reembolsa si corresponde.' },
    store_expiring: { title: 'Tu plan vence el {{expiresAt}}', body: 'El plan de tu tienda «{{store}}» vence el {{expiresAt}}. Renuévalo para que tu tienda siga visible para tus clientes.' },
    webhook_disabled: { title: 'Desactivamos un webhook de «{{store}}»', body: 'Tu webhook {{url}} falló durante 3 días seguidos y lo desactivamos. Revisa tu servidor y vuelve a activarlo.' },
    general: { title: '{{title}}', body: '{{body}}' },
    staff_ticket: { title: 'Ticket nuevo #{{number}}: {{subject}}', body: 'El casillero {{locker}} abrió el ticket «{{subject}}».' },
    staff_consolidation: { title: 'Consolidación #{{number}} solicitada ({{locker}})', body: 'El casillero {{locker}} solicitó la consolidación #{{number}}.' },
    // `context` (i18next): `upgrade` when another plan is asked for, `_note` when the owner wrote one.
    staff_store_renewal: {
      title: 'Renovación pedida: {{store}} ({{locker}})',
      title_upgrade: 'Cambio de plan pedido: {{store}} ({{locker}})',
      title_upgrade_note: 'Cambio de plan pedido: {{store}} ({{locker}})',
      body: 'La tienda «{{store}}» (/shop/{{slug}}) pide renovar su plan {{plan}}.',
      body_renew_note: 'La tienda «{{store}}» (/shop/{{slug}}) pide renovar su plan {{plan}}. Nota: {{note}}',
      body_upgrade: 'La tienda «{{store}}» (/shop/{{slug}}) pide pasar del plan {{current}} al plan {{plan}}.',
      body_upgrade_note: 'La tienda «{{store}}» (/shop/{{slug}}) pide pasar del plan {{current}} al plan {{plan}}. Nota: {{note}}',
    },
  },
  mail: {
    welcome: {
      subject: 'Bienvenido a Tiendabox',
      greeting: 'Hola {{name}}:',
      body: 'Gracias por registrarte. Tu código de casillero es {{lockerCode}}: úsalo en cada compra que envíes a nuestra bodega en Miami. Desde tu cuenta también puedes abrir tu tienda en línea.',
      action: 'Ir a mi cuenta',
    },
    reset: {
      subject: 'Crea una nueva contraseña',
      greeting: 'Hola {{name}}:',
      body: 'Recibimos un pedido para cambiar la contraseña de tu cuenta. El enlace sirve una sola vez y vence en 1 hora.',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
      action: 'Crear nueva contraseña',
    },
  },
};
