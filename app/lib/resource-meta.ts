import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import { loadedScreensAt } from '#app/resources/screens.ts';
import { resourceText } from '#common/resource.ts';

// Apart from meta.ts: a kit screen's title comes from its resource's screens, which no other page
// loads (decision 043).

/**
 * A kit resource's screen, titled by the resource its path belongs to (its screens are loaded by
 * then: the route's middleware saw to it); `preload`, its screens' chunk and theirs, for the page to
 * fetch with its other scripts.
 */
export function resourceMeta(pathname: string, text: 'title' | 'new' | 'edit', preload: readonly string[] = []): MetaDescriptor[] {
  const resource = loadedScreensAt(pathname)?.resource;
  return [...pageMeta(pathname, resource ? resourceText(resource, text) : 'error.pageTitle'), ...preload.map((href) => ({ tagName: 'link', rel: 'modulepreload', href, fetchPriority: 'low' }))];
}
