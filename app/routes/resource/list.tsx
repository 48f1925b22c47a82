import { ResourceListScreen } from '#app/components/resource/resource-screens.tsx';
import { screensFirst, useScreens } from '#app/resources/screens.ts';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import type { Route } from './+types/list';
import { resourceListAction, resourceListLoader } from './resource.server.ts';

export const middleware: Route.MiddlewareFunction[] = [screensFirst];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [screensFirst];
export const handle = { resourceScreens: true };
export const meta: Route.MetaFunction = ({ location, loaderData }) => resourceMeta(location.pathname, 'title', loaderData?.preload);
export const loader = (args: Route.LoaderArgs) => resourceListLoader(args);
export const action = (args: Route.ActionArgs) => resourceListAction(args);

export default function ResourceList({ loaderData: { key, query, page, options } }: Route.ComponentProps) {
  return <ResourceListScreen screens={useScreens(key)} query={query} page={page} options={options} />;
}
