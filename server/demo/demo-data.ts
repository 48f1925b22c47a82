import sharp from 'sharp';
import { LOGO_SIZE } from '#common/upload-limits.ts';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import { NewStoreSchema, StoreContactSchema, StoreDesignSchema, StoreMarketingSchema } from '#common/schemas/store.ts';
import { create as createColor } from '#server/modules/color/color.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { createStore, publishStore, updateDesign, updateStoreSection } from '#server/modules/store/store.service.ts';
import { acceptUpload } from '#server/modules/upload/upload.service.ts';
import { createAlert } from '#server/modules/alert/alert.service.ts';
import { changeConsolidationStatus, createConsolidation } from '#server/modules/consolidation/consolidation.service.ts';
import { registerPackage } from '#server/modules/package/package.service.ts';
import { answerTicket, createTicket } from '#server/modules/ticket/ticket.service.ts';
import { countUsers, createUser } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedDemoSales } from './demo-sales.ts';
import { runAs } from '#server/tenancy/actor.ts';
import { demoTeam, seedDemoActivity } from './demo-activity.ts';
import { seedDemoStaff } from './demo-staff.ts';
import { seedDemoWebhooks } from './demo-webhooks.ts';

// For local use only: main.ts calls this only with DEMO_DATA=1, which config refuses on an https
// PUBLIC_URL (docs/decisions/026-run-mode.md). The README lists them.
export const DEMO_CLIENT = { email: 'cliente@tiendabox.ec', password: 'demo1234' };
export const DEMO_ADMIN = { email: 'admin@tiendabox.ec', password: 'admin1234' };

const place = { address: 'Av. Amazonas N34-120 y Av. Atahualpa', country: 'Ecuador', state: 'Pichincha', city: 'Quito', zip: '170135' };

/**
 * Loads the demo accounts and a living parcel box into an empty database, through the same
 * services users go through; returns false when there was data already.
 */
export async function seedDemoData(deps: ServiceDeps): Promise<boolean> {
  if ((await countUsers(deps)) > 0) return false;
  // Demo notifications land in the bell, and their e-mails leave through the queue like any other
  // (to data/mail/ when SMTP_URL is unset).
  const client = await createUser(
    deps,
    { ...DEMO_CLIENT, name: 'María', lastname: 'Andrade', documentType: 'cedula', documentNumber: '1710034065', phone: '+593 99 123 4567', ...place },
    { locale: 'es' },
  );
  const admin = await createUser(
    deps,
    { ...DEMO_ADMIN, name: 'Admin', lastname: 'Tiendabox', documentType: 'passport', documentNumber: 'TBADMIN01', phone: '+593 2 600 0000', ...place },
    { locale: 'es', role: 'admin' },
  );
  const owner = { userId: client.id };
  const staff = { userId: admin.id };

  // The client's own store, with its catalog and content.
  await createStore(deps, owner, NewStoreSchema.parse({ name: 'Tienda de María', slug: 'tienda-de-maria', section: 'clothing', description: 'Ropa y accesorios hechos en Quito.' }));
  const scope = await ownStoreScope(deps, owner);
  // A published store with a logo, a style and its contact data, as its owner would leave it.
  const logo = await acceptUpload(deps, { userId: client.id, name: 'logo-tienda-de-maria.png', data: await demoLogo(), kinds: ['png'], box: LOGO_SIZE });
  // Done by María, as the store's activity log tells it.
  const asMaria = <T>(work: () => Promise<T>) => runAs({ kind: 'member', userId: client.id, name: 'María' }, work);
  await asMaria(() => updateDesign(deps, scope!, StoreDesignSchema.parse({ logo: logo.id, style: 1 })));
  await asMaria(() => updateStoreSection(deps, scope!, 'contact', StoreContactSchema.parse({ contactEmail: 'ventas@tiendademaria.ec', contactPhone: '+593 99 123 4567', contactAddress: place.address, contactState: place.state, contactCity: place.city, contactZip: place.zip, contactCountry: place.country })));
  await asMaria(() => updateStoreSection(deps, scope!, 'marketing', StoreMarketingSchema.parse({ instagram: 'https://instagram.com/tiendademaria', facebook: 'https://facebook.com/tiendademaria', whatsapp: '+593991234567' })));
  await asMaria(() => publishStore(deps, scope!, true));
  const colors: [string, string][] = [['Negro', '#111111'], ['Blanco', '#ffffff'], ['Azul marino', '#1f3a93'], ['Rojo carmín', '#c0392b'], ['Verde oliva', '#808000'], ['Arena', '#d8c3a5']];
  for (const [name, hex] of colors) await createColor(deps, scope!, { name, hex, slug: '', enabled: name !== 'Arena' });
  const goods = await asMaria(() => seedDemoCatalog(deps, scope!, client.id));
  // A second member, the orders clerk of the README's table (issue 38 §8).
  await asMaria(() => seedDemoStaff(deps, scope!, client.id));
  // A month of orders, as history (no mail, no bell), before the parcel box's fresh news; moved on
  // by the store's people in turn, the owner and the clerk (the activity log's "who").
  const team = await demoTeam(deps, scope!, { id: client.id, name: 'María' });
  await seedDemoSales(deps, scope!, client.id, goods, team.movers);
  // …and the rest of the month's activity log: prices, stock, customers, settings, the plan's renewal.
  await seedDemoActivity(deps, scope!, { ...team, staff: { id: admin.id, name: 'Admin' } }, goods);
  // Two webhook endpoints, the ERP's and a bot's that stopped answering (issue 38 §8): after the history, which queues nothing for them.
  await seedDemoWebhooks(deps, scope!);

  const purchases = [
    ['1Z999AA10123456784', 'UPS', 'Amazon', 'Audífonos inalámbricos', 89.99, 1.2, [20, 15, 8]],
    ['9400111899223197428490', 'USPS', 'Nike', 'Zapatillas de correr', 120, 3.1, [35, 25, 14]],
    ['772899172345', 'FedEx', 'Best Buy', 'Teclado mecánico', 74.5, 2.4, [45, 18, 6]],
    ['TBA304918273000', 'Amazon Logistics', 'Amazon', 'Libros (3)', 42.3, 2.9, [25, 20, 10]],
  ] as const;
  for (const [tracking, carrier, store, content, value] of purchases) {
    await createAlert(deps, owner, { trackingNumber: tracking, carrier, store, content, declaredValue: Math.round(value * 100), expectedDate: '2026-11-28', invoiceUpload: null });
  }
  await createAlert(deps, owner, { trackingNumber: '1Z999AA10987654321', carrier: 'UPS', store: 'Walmart', content: 'Licuadora', declaredValue: 5999, expectedDate: '2026-12-03', invoiceUpload: null });

  const packageIds: number[] = [];
  for (const [tracking, carrier, store, content, value, weight, [length, width, height]] of purchases) {
    const input = PackageInputSchema.parse({ lockerCode: client.lockerCode, trackingNumber: tracking, carrier, store, description: content, weightLb: weight, lengthCm: length, widthCm: width, heightCm: height, declaredValue: value });
    packageIds.push((await registerPackage(deps, staff, input)).packageId);
  }
  const shipment = await createConsolidation(deps, owner, { packageIds: packageIds.slice(2), deliveryAddress: `${place.address}, ${place.city}, ${place.state}`, notes: 'Entregar en horario de oficina.' });
  await changeConsolidationStatus(deps, { id: shipment }, { status: 'processing', note: 'Estamos empacando tu envío.' });

  const ticket = await createTicket(deps, owner, { subject: '¿Cuándo sale mi consolidación?', category: 'shipment', message: 'Hola, ¿cuándo sale mi consolidación hacia Quito?', attachments: [] });
  await answerTicket(deps, { staffId: admin.id, id: ticket }, { message: 'Hola María, sale este jueves en el vuelo a Quito. Te avisaremos con cada cambio.' });

  return true;
}

/** The demo store's logo, drawn here (shapes only, no font needed): a warm badge and three stripes. */
function demoLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="150" viewBox="0 0 620 150">
    <rect width="620" height="150" rx="24" fill="#fff7ed"/>
    <circle cx="75" cy="75" r="52" fill="#c2410c"/>
    <path d="M48 100V52l27 30 27-30v48" fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="150" y="42" width="400" height="18" rx="9" fill="#9a3412"/>
    <rect x="150" y="72" width="300" height="14" rx="7" fill="#ea580c"/>
    <rect x="150" y="98" width="220" height="10" rx="5" fill="#fdba74"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
