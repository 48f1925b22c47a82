import type { EntryContext } from 'react-router';

/**
 * `export const handle = sharedRender;` on a route says: for a visitor who is not logged in, this
 * page depends on nothing but its URL (no per-visitor data, no cookie set), so the server may render
 * it once and serve the same HTML to the next anonymous visitors (server/plugins/page-cache.ts).
 * The root and the layouts qualify for anonymous visitors: they read only the session user.
 */
export const sharedRender = { sharedRender: true } as const;

/** Whether the deepest route of this render declared `sharedRender`. */
export function declaresSharedRender(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1);
  if (!leaf) return false;
  const handle: unknown = context.routeModules[leaf.route.id]?.handle;
  return typeof handle === 'object' && handle !== null && 'sharedRender' in handle && handle.sharedRender === true;
}
