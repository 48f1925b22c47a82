import type { shopCartReminder as es } from '../es/shop-cart-reminder.ts';

export const shopCartReminder: { [K in keyof typeof es]: string } = {
  consent: 'E-mail me if I leave my cart',
  consentHint: 'We write once, if you have not finished buying within {hours} hours, with a link that brings your cart back.',
  restored: 'We brought your cart back. Check the prices and availability before you pay.',
  restoreInvalid: 'The link to bring your cart back no longer works: it expired, you already placed the order, or it is incomplete.',
  mailSubject: 'You left items in your cart at {store}',
  mailIntro: 'Hello, you left these items in your cart at {store}. The button brings it back as you left it.',
  mailTotal: 'Prices before IVA. When you pay you see the total with IVA, shipping and discounts, and the price and availability are confirmed.',
  mailExpiry: 'The link works for {days} days.',
  mailWhy: 'You are getting this e-mail because you ticked “E-mail me if I leave my cart” when paying at {store}. It is the only reminder about this cart.',
  mailHeading: 'Your cart is waiting',
  mailPreview: 'Your cart is waiting: {amount} before IVA',
  mailCart: 'Your cart',
  mailAction: 'Bring back my cart',
};
