import type { Messages } from '../messages.ts';

export const tenancy: Messages['tenancy'] = {
  notMember: 'You are no longer a member of this store. Go on without it, or ask its owner to invite you again.',
  forbidden: 'Your role in this store does not allow this. Ask the owner or an administrator for access.',
  forbiddenTitle: 'Not allowed',
  switcher: 'Store in use',
  switchTo: 'Switch to {{store}}',
  switch: 'Switch store',
  leave: 'Go on without this store',
  roles: {
    owner: 'Owner',
    administrator: 'Administrator',
    catalogue: 'Catalog',
    orders: 'Orders',
    viewer: 'Read only',
  },
};
