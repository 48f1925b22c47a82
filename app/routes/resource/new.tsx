import { ResourceRecordScreen } from '#app/components/resource/resource-screens.tsx';
import { SCREENS } from '#app/resources/screens.tsx';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import { RESOURCES } from '#common/resources/index.ts';
import type { Route } from './+types/new';
import { resourceNewAction, resourceNewLoader } from './resource.server.ts';

export const meta: Route.MetaFunction = ({ location }) => resourceMeta(location.pathname, 'new');
export const loader = (args: Route.LoaderArgs) => resourceNewLoader(args);
export const action = (args: Route.ActionArgs) => resourceNewAction(args);

export default function ResourceNew({ loaderData: { key, options } }: Route.ComponentProps) {
  const resource = RESOURCES.find((r) => r.key === key)!;
  return <ResourceRecordScreen resource={resource} screens={SCREENS[key]} record={null} options={options} />;
}
