import type { Messages } from '../messages.ts';

export const content: Messages['content'] = {
  pageState: { label: 'Status', published: 'Published', draft: 'Draft' },
  limit: {
    products: 'You have reached your plan’s maximum of products ({{limit}}). Delete one or change plans to create another.',
    banners: 'You have reached your plan’s maximum of banners ({{limit}}). Delete one or change plans to create another.',
    pages: 'You have reached your plan’s maximum of pages ({{limit}}). Delete one or change plans to create another.',
  },
  banner: {
    title: 'Banners',
    new: 'New banner',
    edit: 'Edit banner',
    deleteTitle: 'Delete this banner?',
    deleteMessage: 'The banner and its image will be removed from your store. This cannot be undone.',
    imageRequired: 'Choose an image for the banner',
    linkInvalid: 'Write a valid web address (https://…) or a path of your store (/…)',
    imageHint: 'PNG, JPEG, WebP or AVIF, 15 MB at most, about 1,920 × 768 px',
    moveUp: 'Move {{name}} up',
    moveDown: 'Move {{name}} down',
    dragHint: 'Drag the rows or use the buttons to change the order',
    reordered: 'Order saved',
    positionHint: '1 is the first, as in the list. Empty: at the end. The others move to make room.',
    positionMin: 'Write a position from 1',
    noButton: 'No button',
    fields: { image: 'Image', imageId: 'Image', buttonName: 'Button text', link: 'Destination link', sortOrder: 'Order', enabled: 'Active', updated: 'Updated' },
  },
  page: {
    title: 'Pages',
    new: 'New page',
    edit: 'Edit page',
    deleteTitle: 'Delete this page?',
    deleteMessage: 'The page will no longer show in your store. This cannot be undone.',
    fields: { title: 'Title', slug: 'Slug (address)', content: 'Content', published: 'Published', updated: 'Updated' },
  },
  editor: {
    bold: 'Bold', italic: 'Italic', underline: 'Underline', strike: 'Strikethrough', h2: 'Heading 2', h3: 'Heading 3', blockquote: 'Quote',
    bulletList: 'Bulleted list', orderedList: 'Numbered list', link: 'Link', unlink: 'Remove the link',
    linkInput: 'Link address', linkPlaceholder: 'https://example.com/', linkExternal: 'Open the link in a new tab', linkInternal: 'Open the link in the same tab', linkSave: 'Save',
  },
};
