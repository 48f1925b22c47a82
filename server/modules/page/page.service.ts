import { pageResource } from '#common/resources/page.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { assertUnderPlanLimit } from '#server/modules/store/store.service.ts';
import { sanitizePageHtml } from './page-html.ts';
import { pages } from './page.repository.ts';

export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(pages, pageResource, {
  slugFrom: 'title',
  toValues: (input) => ({ ...input, content: sanitizePageHtml(String(input.content)) }),
  check: async (deps, scope, _values, id) => {
    if (id === undefined) await assertUnderPlanLimit(deps, scope, 'pages');
  },
});

