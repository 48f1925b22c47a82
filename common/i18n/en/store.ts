import type { Messages } from '../messages.ts';

export const store: Messages['store'] = {
  slugLength: 'The address must be 3 to 40 characters long',
  slugFormat: 'Use only lowercase letters, digits and hyphens (no spaces or accents)',
  slugReserved: 'That address is reserved; choose another one',
  slugTaken: 'Another store already uses that address',
  alreadyHasStore: 'You already have a store: each account has only one',
  noStoreTitle: "You don't have a store yet",
  noStoreText: 'Once you open your online store, you will manage it here: catalogue, content and sales.',
  home: 'My store',
  address: 'Store address',
  published: 'Published',
  unpublished: 'Not published',
};
