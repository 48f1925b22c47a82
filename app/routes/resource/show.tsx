import { ResourceRecordScreen } from '#app/components/resource/resource-screens.tsx';
import { SCREENS } from '#app/resources/screens.tsx';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import { RESOURCES } from '#common/resources/index.ts';
import type { Route } from './+types/show';
import { resourceShowAction, resourceShowLoader } from './resource.server.ts';

export const meta: Route.MetaFunction = ({ location }) => resourceMeta(location.pathname, 'edit');
export const loader = (args: Route.LoaderArgs) => resourceShowLoader(args);
export const action = (args: Route.ActionArgs) => resourceShowAction(args);

export default function ResourceShow({ loaderData: { key, record, options, cascade, related } }: Route.ComponentProps) {
  const resource = RESOURCES.find((r) => r.key === key)!;
  return <ResourceRecordScreen resource={resource} screens={SCREENS[key]} record={record} options={options} cascade={cascade} related={related} />;
}
