// The shopper's side of the PayPhone double: the form that Prepare's payWithCard and payWithPayPhone
// links open (on PayPhone, its card and app form; docs.payphone.app/boton-de-pago-por-redireccion).
// Plain HTML forms, no script, so a browser journey can pay through it: each button posts, and the
// double answers 303 to where PayPhone would send the shopper.

export type PayPageChoice = 'approve' | 'decline' | 'cancel';

const BUTTONS: readonly [PayPageChoice, string][] = [
  ['approve', 'Aprobar'],
  ['decline', 'Rechazar'],
  ['cancel', 'Cancelar'],
];

const escapeHtml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const layout = (body: string) =>
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>PayPhone · doble de pruebas</title></head><body><main>' +
  body +
  '</main></body></html>';

/** The form of one prepared payment: who charges, what for, how much, and the three buttons. */
export function payPage(paymentId: string, body: Record<string, unknown>, storeName: string): string {
  const cents = typeof body.amount === 'number' ? body.amount : 0;
  const total = `$${(cents / 100).toFixed(2)}`;
  const reference = typeof body.reference === 'string' ? `<p>${escapeHtml(body.reference)}</p>` : '';
  const forms = BUTTONS.map(([choice, label]) => `<form method="post" action="/pay/${paymentId}/${choice}"><button type="submit">${label}</button></form>`).join('');
  return layout(
    `<h1>PayPhone</h1><p>Doble de pruebas: aquí no se cobra nada.</p><p>${escapeHtml(storeName)}</p>${reference}` +
      `<p>Total: <strong data-testid="payphone-total">${total}</strong></p>${forms}`,
  );
}

/** A form already answered (the shopper went back): PayPhone does not take a second payment on it. */
export function payPageResult(): string {
  return layout('<h1>PayPhone</h1><p>Este pago ya fue procesado.</p>');
}
