import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import { resourceText } from '#common/resource.ts';
import { resourceAt } from '#common/resources/index.ts';

// Apart from meta.ts: the resource registry brings every resource's zod schemas, which must not
// ride along to pages like login that only want their title (login JavaScript < 200 kB).

/** A kit resource's screen, titled by the resource its path belongs to. */
export function resourceMeta(pathname: string, text: 'title' | 'new' | 'edit'): MetaDescriptor[] {
  const resource = resourceAt(pathname);
  return pageMeta(pathname, resource ? resourceText(resource, text) : 'error.pageTitle');
}
