// The app server as `npm run serve` runs it (server/main.ts, same flags), with the shopper's
// invoice PDF limits lifted: `bench:invoice-pdf` loads one address and a few codes far past them,
// to measure what a download costs the process, not how fast it answers 429. Never used outside it.
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';

const limits = LIMITS as Record<string, { max: number }>;
for (const name of ['invoicePdfPerCode', 'invoicePdfPerIp']) if (limits[name]) limits[name].max = Number.MAX_SAFE_INTEGER;
await import('#server/main.ts');
