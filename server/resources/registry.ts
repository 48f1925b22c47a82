import type { ResourceKey } from '#common/resources/index.ts';
import { colorResource } from '#common/resources/color.ts';
import * as colorService from '#server/modules/color/color.service.ts';
import { bindService, type BoundService, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreResourceService } from './store-resource-service.ts';

// The services of the store-owned resources built on the kit, by resource key (decision 028).
export const STORE_RESOURCES = {
  color: { resource: colorResource, service: colorService },
} satisfies Record<ResourceKey, { resource: { key: ResourceKey }; service: object }>;

export type ResourceServices = { [K in ResourceKey]: BoundService<(typeof STORE_RESOURCES)[K]['service']> };

export function bindResources(deps: ServiceDeps): ResourceServices {
  return Object.fromEntries(Object.entries(STORE_RESOURCES).map(([key, { service }]) => [key, bindService(service, deps)])) as ResourceServices;
}

/** The kit's view of any resource's service: what the generic screens and API call. */
export const genericService = (services: ResourceServices, key: ResourceKey) => services[key] as unknown as BoundService<StoreResourceService>;
