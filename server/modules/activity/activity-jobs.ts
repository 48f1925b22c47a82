import { pruneActivity } from './activity.service.ts';

// The activity log's hourly chore (issue 38 §4), wired at the composition root (server/composition.ts):
// entries older than ACTIVITY_RETENTION_DAYS go, hourly and at start-up.
export const activityChores = [pruneActivity] as const;
