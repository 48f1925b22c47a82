import { useLocation, useRouteLoaderData } from 'react-router';
import { localeFromPath } from '#common/locale.ts';
import type { defaultLayoutLoader } from './default.server.ts';

export type DefaultLayoutData = Awaited<ReturnType<typeof defaultLayoutLoader>>;

/**
 * What the default layout loaded for every dashboard screen (the user, the bell's unread count
 * and latest notifications): screens inside it read these instead of querying them again.
 */
export function useDefaultLayoutData(): DefaultLayoutData | undefined {
  const locale = localeFromPath(useLocation().pathname);
  return useRouteLoaderData<DefaultLayoutData>(`${locale}/layout-default`);
}
