import type { Locale } from '#common/locale.ts';

// The people's part of /api/docs (Markdown, shown by Swagger UI above the operations), in the
// viewer's language: the `lang` cookie the pages set, else Accept-Language. A document, not a
// screen message, so it lives here whole rather than as dozens of catalog keys; the type below
// makes both languages required.
const curl = (lines: string[]) => ['```sh', ...lines, '```'].join('\n');

// The examples name the address the reader opened the guide at, ready to copy.
const examplesFor = (HOST: string) => ({
  casillero: curl([`curl -H "Authorization: Bearer $TIENDABOX_TOKEN" "${HOST}/api/v1/alerts?status=pending&page=1"`]),
  store: curl([`curl -H "Authorization: Bearer $TIENDABOX_TOKEN" ${HOST}/api/v1/store/settings`]),
  catalog: curl([
    `curl -X POST -H "Authorization: Bearer $TIENDABOX_TOKEN" -H "Content-Type: application/json" \\`,
    `  -d '{"name":"Azul marino","hex":"#1b2a4a"}' ${HOST}/api/v1/colors`,
  ]),
});

const guides: Record<Locale, (examples: ReturnType<typeof examplesFor>) => string> = {
  es: (examples) => [
    'API del casillero y de la tienda. Cada operación actúa sobre tu propia cuenta y tu propia tienda.',
    '## Autenticación',
    'Crea un **token de acceso personal** en *Perfil → Tokens de acceso* (nombre, permiso y vencimiento opcional). El token se muestra una sola vez: guárdalo como un secreto. Envíalo en la cabecera `Authorization` de cada llamada:',
    '```\nAuthorization: Bearer tbx_…\n```',
    'Cada token tiene uno de tres permisos (decisión 069):',
    '| permiso | alcanza |\n|---|---|\n| `read` (solo lectura) | consulta todo: casillero, tienda, catálogo, contenido, pedidos, clientes y facturas |\n| `write` (lectura y escritura) | consulta y cambia todo lo anterior |\n| `invoices` (solo facturas, para tu contador) | `/invoices`: listar, ver, PDF, XML y emitir; y leer `/orders`. Nada más |',
    'Un token nunca se acepta en la dirección (query string). Un token de solo lectura recibe `403 read_only_token` en cualquier cambio; uno de solo facturas, `403 invoices_only_token` fuera de lo suyo. Cada token tiene un límite de llamadas por minuto (`429` con `Retry-After`). Si revocas el token, o tu cuenta se deshabilita o se elimina, deja de funcionar al instante.',
    'Desde el navegador, la sesión iniciada (cookie) también sirve.',
    '## Ejemplos',
    '**Casillero** — mis alertas pendientes:', examples.casillero,
    '**Tienda** — la configuración de mi tienda:', examples.store,
    '**Catálogo** — crear un color (token de lectura y escritura):', examples.catalog,
    '## Dinero',
    'Los precios y montos van en **centavos enteros** y los porcentajes en **puntos básicos**, igual al enviar que al recibir: `"priceCents": 1999` son USD 19,99 y `"discountBp": 1500` es el 15 %. El IVA de un producto va como el código del SRI (`codigoPorcentaje`): `"ivaCode": "4"` es el 15 %, `"5"` el 5 %, `"0"` el 0 %, `"7"` exento y `"6"` no objeto de IVA.',
    'Los errores siempre tienen la forma `{ "error": código, "message": texto, "fields": { campo: texto } }`, en el idioma de `Accept-Language`.',
  ].join('\n\n'),
  en: (examples) => [
    'Casillero and store API. Every operation acts on your own account and your own store.',
    '## Authentication',
    'Create a **personal access token** in *Profile → Access tokens* (a name, a permission, an optional expiry). The token is shown once: keep it as a secret. Send it in the `Authorization` header of every call:',
    '```\nAuthorization: Bearer tbx_…\n```',
    'Each token has one of three permissions (decision 069):',
    '| permission | reaches |\n|---|---|\n| `read` (read-only) | reads everything: parcel box, store, catalog, content, orders, customers and invoices |\n| `write` (read and write) | reads and changes all of the above |\n| `invoices` (invoices only, for your accountant) | `/invoices`: list, read, PDF, XML and issue; and reading `/orders`. Nothing else |',
    'A token is never accepted in the query string. A read-only token gets `403 read_only_token` on any change; an invoices token gets `403 invoices_only_token` outside its reach. Each token has a limit of calls per minute (`429` with `Retry-After`). When you revoke it, or your account is disabled or deleted, it stops working at once.',
    'From the browser, the signed-in session (cookie) works too.',
    '## Examples',
    '**Casillero** — my pending alerts:', examples.casillero,
    '**Store** — my store settings:', examples.store,
    '**Catalog** — create a color (read-write token):', examples.catalog,
    '## Money',
    'Prices and amounts are **whole cents** and rates **basis points**, the same in what you send as in what you get: `"priceCents": 1999` is USD 19.99 and `"discountBp": 1500` is 15 %. A product’s IVA is SRI’s code (`codigoPorcentaje`): `"ivaCode": "4"` is 15 %, `"5"` 5 %, `"0"` 0 %, `"7"` exempt and `"6"` not subject to IVA.',
    'Errors always have the shape `{ "error": code, "message": text, "fields": { field: text } }`, in the language of `Accept-Language`.',
  ].join('\n\n'),
};

/** The guide in `locale`, its examples at `origin` (e.g. `https://tiendabox.ec`). */
export const apiGuideFor = (locale: Locale, origin: string) => guides[locale](examplesFor(origin));

/** The document's stored description: Spanish, the source language (the viewer swaps it per request). */
export const apiGuide = apiGuideFor('es', 'https://tiendabox.example');
