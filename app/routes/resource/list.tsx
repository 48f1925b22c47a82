import { ResourceListScreen } from '#app/components/resource/resource-screens.tsx';
import { SCREENS } from '#app/resources/screens.tsx';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import { RESOURCES } from '#common/resources/index.ts';
import type { Route } from './+types/list';
import { resourceListAction, resourceListLoader } from './resource.server.ts';

export const meta: Route.MetaFunction = ({ location }) => resourceMeta(location.pathname, 'title');
export const loader = (args: Route.LoaderArgs) => resourceListLoader(args);
export const action = (args: Route.ActionArgs) => resourceListAction(args);

export default function ResourceList({ loaderData: { key, query, page } }: Route.ComponentProps) {
  const resource = RESOURCES.find((r) => r.key === key)!;
  return <ResourceListScreen resource={resource} screens={SCREENS[key]} query={query} page={page} />;
}
