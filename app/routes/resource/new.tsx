import { useLocation } from 'react-router';
import { ResourceRecordScreen } from '#app/components/resource/resource-screens.tsx';
import { SCREENS } from '#app/resources/screens.tsx';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import { resourceAt } from '#common/resources/index.ts';
import type { Route } from './+types/new';
import { resourceNewAction } from './resource.server.ts';

export const meta: Route.MetaFunction = ({ location }) => resourceMeta(location.pathname, 'new');
export const action = (args: Route.ActionArgs) => resourceNewAction(args);

export default function ResourceNew() {
  const resource = resourceAt(useLocation().pathname)!;
  return <ResourceRecordScreen resource={resource} screens={SCREENS[resource.key]} record={null} />;
}
