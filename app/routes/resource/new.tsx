import { ResourceRecordScreen } from '#app/components/resource/resource-screens.tsx';
import { screensFirst, useScreens } from '#app/resources/screens.ts';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import type { Route } from './+types/new';
import { resourceNewAction, resourceNewLoader } from './resource.server.ts';

export const middleware: Route.MiddlewareFunction[] = [screensFirst];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [screensFirst];
export const handle = { resourceScreens: true };
export const meta: Route.MetaFunction = ({ location, loaderData }) => resourceMeta(location.pathname, 'new', loaderData?.preload);
export const loader = (args: Route.LoaderArgs) => resourceNewLoader(args);
export const action = (args: Route.ActionArgs) => resourceNewAction(args);

export default function ResourceNew({ loaderData: { key, options } }: Route.ComponentProps) {
  return <ResourceRecordScreen screens={useScreens(key)} record={null} options={options} />;
}
