import type { Messages } from '../messages.ts';

export const catalog: Messages['catalog'] = {
  state: { label: 'Status', enabled: 'Active', disabled: 'Inactive' },
  color: {
    title: 'Colors',
    new: 'New color',
    edit: 'Edit color',
    deleteTitle: 'Delete this color?',
    deleteMessage: 'Products that use it will be left without a color. This cannot be undone.',
    hexInvalid: 'Write a color such as #1c9283',
    fields: { name: 'Name', hex: 'Color', slug: 'Slug (address)', enabled: 'Active', updated: 'Updated' },
  },
};
