import { z } from '#common/zod.ts';

// A store's own domain (issue 41 §5, decision 100): the owner's form. What makes a host acceptable
// (a real hostname, not the platform's, not an address) is the service's check, which the API shares.
export const DomainSchema = z.object({ host: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300, { error: 'domain.invalid' }) });
export type DomainInput = z.infer<typeof DomainSchema>;
