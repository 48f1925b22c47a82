import { defineEnum } from './define-enum.ts';

/** Whether a store page is shown to shoppers (published) or kept as a draft. */
export const pageState = defineEnum('pageState', ['published', 'draft'], {
  labels: 'content.pageState',
  colors: { published: 'green', draft: 'gray' },
});
