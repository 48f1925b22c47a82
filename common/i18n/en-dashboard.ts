import { upload } from './en/upload.ts';
import { accessToken } from './en/access-token.ts';
import { backOffice } from './en/back-office.ts';
import { casillero } from './en/casillero.ts';
import { catalog } from './en/catalog.ts';
import { content } from './en/content.ts';
import { consolidation } from './en/consolidation.ts';
import { order, customer } from './en/sales.ts';
import { ticket } from './en/ticket.ts';
import { store } from './en/store.ts';
import { plan } from './en/plan.ts';
import { productCsv } from './en/product-csv.ts';
import { bulk } from './en/bulk.ts';
import { dateField } from './en/date-field.ts';
import { salesSettings } from './en/sales-settings.ts';
import { sriCertificate } from './en/sri-certificate.ts';
import { invoice } from './en/invoice.ts';
import { creditNote } from './en/credit-note.ts';
import { buyerCopy } from './en/buyer-copy.ts';
import { storeSales } from './en/store-sales.ts';
import { iva } from './en/iva.ts';
import { tenancy } from './en/tenancy.ts';
import { webhook } from './en/webhook.ts';
import { staff } from './en/staff.ts';
import { activity } from './en/activity.ts';
import { payment } from './en/payment.ts';
import { cartReminders } from './en/cart-reminders.ts';
import { domain } from './en/domain.ts';
import { orderPapers } from './en/order-papers.ts';
import { siteSettings } from './en/site-settings.ts';
import { shipment } from './en/shipment.ts';
import { shipping } from './en/shipping.ts';
import type { DashboardMessages } from './messages.ts';

export const enDashboard: DashboardMessages = {
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
    homeText: 'Run the warehouse and support: register packages, process consolidations and answer tickets.',
    clientsText: 'Find clients by name, e-mail, document or locker code.',
    alertsText: 'The purchases clients announced that are still awaited at the warehouse.',
    settingsText: 'The US warehouse address, the rate per pound, maintenance mode and the terms and conditions.',
    warehouse: 'US warehouse',
    warehouseName: 'Name',
    line1: 'Address',
    line2: 'Address (line 2)',
    city: 'City',
    stateField: 'State',
    zip: 'ZIP code',
    country: 'Country',
    phone: 'Phone',
    ratePerLb: 'Rate per pound (USD)',
    client: 'Client',
    document: 'Document',
    registered: 'Registered',
    users: 'Users',
    role: 'Role',
    status: 'Status',
    enabled: 'Enabled',
    disabled: 'Disabled',
    enable: 'Enable',
    disable: 'Disable',
    roles: { client: 'Client', staff: 'Staff', admin: 'Admin' },
    page: 'Page {{page}} of {{pages}}',
    previous: 'Previous',
    nextPage: 'Next',
  },
  desk: {
    lockerTitle: 'Your parcel box',
    lockerCode: 'Locker code',
    usAddress: 'Your US address',
    usAddressHint: 'Use this address in your online purchases. Write your locker code next to your name.',
    pendingAlerts: 'Pending alerts',
    inWarehouse: 'Packages in the warehouse',
    consolidations: 'Consolidations in progress',
    openTickets: 'Open tickets',
    unread: 'Unread notifications',
    latest: 'Latest notifications',
    seeAll: 'See all',
    greeting: 'Hello, {{name}}',
    placeholder: 'Your desk will show your parcel box, your store and your notifications here.',
    firstSteps: {
      title: 'First steps',
      intro: 'This is how your first US purchase reaches Ecuador:',
      done: 'Done',
      todo: 'To do',
      progress: '{{done}} of {{total}} steps',
      address: { title: 'Use your US address', text: 'Buy online with your parcel box address and your locker code next to your name.', link: 'See my address' },
      alert: { title: 'Alert your purchase', text: 'Give us the tracking number so we recognize your package when it arrives.', link: 'Create an alert' },
      received: { title: 'We receive it', text: 'We tell you when it arrives, with its weight and photo.', link: 'See my alerts' },
      ship: { title: 'Ship it to Ecuador', text: 'Ask for your packages to be shipped, alone or consolidated into one.', link: 'Request a shipment' },
    },
    storeSetup: {
      title: 'Set up your store',
      intro: 'Complete these steps to get your store ready to sell.',
      progress: '{{done}} of {{total}} steps',
      done: 'Done',
      todo: 'To do',
      logo: { title: 'Upload your logo', text: 'It is shown in your store’s header.', link: 'Upload the logo' },
      style: { title: 'Choose a style', text: 'The colors and type your customers see your store in.', link: 'Choose the style' },
      category: { title: 'Create your first category', text: 'Organize your catalog so customers find what they are looking for.', link: 'Create a category' },
      product: { title: 'Add a product with a photo', text: 'A product with at least one image; the first is the main one.', link: 'Add a product' },
      contact: { title: 'Complete your contact details', text: 'Email, phone and address so your customers can reach you.', link: 'Complete the contact details' },
      payment: { title: 'Choose how you are paid', text: 'Cash on delivery or bank transfer, the shipping fee and your RUC to invoice with.', link: 'Set up payments and shipping' },
      published: { title: 'Publish your store', text: 'Make it visible to your customers when it is ready.', link: 'Publish the store' },
    },
    lowStock: {
      title: 'Low stock',
      intro: 'Active products with {{threshold}} units or fewer (with variants, those with such a variant).',
      count_one: '{{count}} product',
      count_other: '{{count}} products',
      none: 'No active product has {{threshold}} units or fewer.',
      product: 'Product',
      stock: 'Stock',
      units_one: '{{count}} unit',
      units_other: '{{count}} units',
      variant_one: '{{name}}: {{count}} unit',
      variant_other: '{{name}}: {{count}} units',
      caption: 'Products with low stock, fewest units first',
      seeAll: 'See all by stock',
    },
  },
  notification: {
    bell: 'Notifications',
    unread_one: '{{count}} unread',
    unread_other: '{{count}} unread',
    none: 'You have no notifications',
    markAllRead: 'Mark all as read',
    open: 'See details',
    package_received: { title: 'Package received: {{tracking}}', body: 'Your package {{tracking}} arrived at our Miami warehouse ({{weightLb}}).' },
    consolidation_update: {
      title: 'Consolidation #{{number}}: $t(casillero.consolidationStatus.{{status}})',
      title_final: 'Consolidation #{{number}}: $t(casillero.consolidationStatus.{{status}}) — final weight {{weightLb}}, cost {{costCents}}, tracking {{tracking}}',
      body: 'Your consolidation #{{number}} changed to “$t(casillero.consolidationStatus.{{status}})”.',
      body_final: 'Your consolidation #{{number}} changed to “$t(casillero.consolidationStatus.{{status}})”. Final weight: {{weightLb}}. Final cost: {{costCents}}. Outbound tracking: {{tracking}}.',
    },
    ticket_reply: { title: 'Reply on your ticket #{{number}}', body: 'The support team answered your ticket “{{subject}}”.' },
    order_received: { title: 'New order #{{number}}', body: 'You received a new order in your store.', title_receipt: 'Payment receipt for order #{{number}}', body_receipt: 'The customer sent the transfer receipt for order #{{number}}. Check it and confirm or reject the payment.', title_flagged: 'Check the payment of order #{{number}}', body_flagged: 'The gateway reported a payment of order #{{number}} that does not match (another amount, currency or order) or that came when the order no longer awaited it. We did not mark it paid: check it and refund if needed.' },
    store_expiring: { title: 'Your plan expires on {{expiresAt}}', body: 'The plan of your store “{{store}}” expires on {{expiresAt}}. Renew it so that your store stays visible to your customers.' },
    webhook_disabled: { title: 'We disabled a webhook of “{{store}}”', body: 'Your webhook {{url}} failed for 3 days in a row and we disabled it. Check your server and enable it again.' },
    general: { title: '{{title}}', body: '{{body}}' },
    staff_ticket: { title: 'New ticket #{{number}}: {{subject}}', body: 'Locker {{locker}} opened the ticket “{{subject}}”.' },
    staff_consolidation: { title: 'Consolidation #{{number}} requested ({{locker}})', body: 'Locker {{locker}} requested consolidation #{{number}}.' },
    // `context` (i18next): `upgrade` when another plan is asked for, `_note` when the owner wrote one.
    staff_store_renewal: {
      title: 'Renewal requested: {{store}} ({{locker}})',
      title_upgrade: 'Plan change requested: {{store}} ({{locker}})',
      title_upgrade_note: 'Plan change requested: {{store}} ({{locker}})',
      body: 'The store “{{store}}” (/shop/{{slug}}) asks to renew its {{plan}} plan.',
      body_renew_note: 'The store “{{store}}” (/shop/{{slug}}) asks to renew its {{plan}} plan. Note: {{note}}',
      body_upgrade: 'The store “{{store}}” (/shop/{{slug}}) asks to move from the {{current}} plan to the {{plan}} plan.',
      body_upgrade_note: 'The store “{{store}}” (/shop/{{slug}}) asks to move from the {{current}} plan to the {{plan}} plan. Note: {{note}}',
    },
  },
  mail: {
    welcome: {
      subject: 'Welcome to Tiendabox',
      greeting: 'Hello {{name}},',
      body: 'Thank you for registering. Your locker code is {{lockerCode}}: use it on every purchase you ship to our Miami warehouse. From your account you can also open your online store.',
      action: 'Go to my account',
    },
    reset: {
      subject: 'Create a new password',
      greeting: 'Hello {{name}},',
      body: 'We received a request to change the password of your account. The link works once and expires in 1 hour.',
      ignore: 'If you did not ask for it, ignore this e-mail: your password does not change.',
      action: 'Create new password',
    },
  },
};
