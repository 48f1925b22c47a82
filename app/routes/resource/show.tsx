import { ResourceRecordScreen } from '#app/components/resource/resource-screens.tsx';
import { screensFirst, useScreens } from '#app/resources/screens.ts';
import { resourceMeta } from '#app/lib/resource-meta.ts';
import type { Route } from './+types/show';
import { resourceShowAction, resourceShowLoader } from './resource.server.ts';

export const middleware: Route.MiddlewareFunction[] = [screensFirst];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [screensFirst];
export const handle = { resourceScreens: true };
export const meta: Route.MetaFunction = ({ location, loaderData }) => resourceMeta(location.pathname, 'edit', loaderData?.preload);
export const loader = (args: Route.LoaderArgs) => resourceShowLoader(args);
export const action = (args: Route.ActionArgs) => resourceShowAction(args);

export default function ResourceShow({ loaderData: { key, record, options, cascade, related } }: Route.ComponentProps) {
  return <ResourceRecordScreen screens={useScreens(key)} record={record} options={options} cascade={cascade} related={related} />;
}
