import type { shopShipping as source } from '../es/shop-shipping.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

// The checkout's delivery (issue 40 §1), English: mirrors es/shop-shipping.ts.
export const shopShipping: Texts<typeof source> = {
  canton: 'Canton',
  chooseProvince: 'Choose your province',
  chooseCanton: 'Choose your canton',
  options: 'Shipping',
  optionsHint: 'Choose your province and canton and press “Show shipping options” to see what shipping to your address costs.',
  update: 'Show shipping options',
  days: { one: 'Arrives in {count} business day', other: 'Arrives in {min} to {max} business days' },
  sameDays: { one: 'Arrives in {count} business day', other: 'Arrives in {count} business days' },
  free: 'Free',
  freeFrom: 'free from {amount}',
  storeShipping: 'Home delivery',
  pickup: 'Pickup in store',
  pickupAt: 'Pick up your order at {address}. No charge.',
  pending: 'Calculated at checkout',
  pendingHint: 'Shipping depends on your province and canton: you will see it at checkout.',
  provinceInvalid: 'Choose your province from the list',
  cantonInvalid: 'Choose a canton of the province you chose',
  provinceNotServed: 'The store does not ship to this province or canton. Choose another address, or pickup in store if it offers it.',
  shippingUnavailable: 'The shipping option you chose is no longer available for your address: choose one of those shown.',
  shippingRequired: 'Choose a shipping option',
  shippingNone: 'None of the store’s shipping rates covers this order (by its weight or amount). Write to the store or make the order smaller.',
};
