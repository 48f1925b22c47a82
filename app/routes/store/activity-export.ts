import type { Route } from './+types/activity-export';
import { activityExportLoader } from './activity.server.ts';

// `/store/activity/export?who=&kind=&from=&to=`: the filtered activity log as a CSV file in the page's language (no screen of its own).
export const loader = (args: Route.LoaderArgs) => activityExportLoader(args);
