import type { ResourceKey } from '#common/resources/index.ts';
import { colorResource } from '#common/resources/color.ts';
import * as colorService from '#server/modules/color/color.service.ts';
import { productResource, variantResource } from '#common/resources/product.ts';
import * as productService from '#server/modules/product/product.service.ts';
import * as variantService from '#server/modules/variant/variant.service.ts';
import { brandResource, categoryResource, sizeResource, subcategoryResource } from '#common/resources/taxonomy.ts';
import * as brandService from '#server/modules/taxonomy/brand.service.ts';
import * as categoryService from '#server/modules/taxonomy/category.service.ts';
import * as sizeService from '#server/modules/taxonomy/size.service.ts';
import * as subcategoryService from '#server/modules/taxonomy/subcategory.service.ts';
import { pageResource } from '#common/resources/page.ts';
import { couponResource } from '#common/resources/coupon.ts';
import * as couponService from '#server/modules/coupon/coupon.service.ts';
import { reviewResource } from '#common/resources/review.ts';
import * as reviewService from '#server/modules/review/review.service.ts';
import * as pageService from '#server/modules/page/page.service.ts';
import { bannerResource } from '#common/resources/banner.ts';
import * as bannerService from '#server/modules/banner/banner.service.ts';
import { bindService, type BoundService, type ServiceDeps } from '#server/service-deps.ts';
import type { KitService, KitServiceModule } from './kit-service.ts';

// The services of the store-owned resources built on the kit, by resource key (decision 028).
export const STORE_RESOURCES = {
  color: { resource: colorResource, service: colorService },
  product: { resource: productResource, service: productService },
  variant: { resource: variantResource, service: variantService },
  brand: { resource: brandResource, service: brandService },
  category: { resource: categoryResource, service: categoryService },
  subcategory: { resource: subcategoryResource, service: subcategoryService },
  size: { resource: sizeResource, service: sizeService },
  coupon: { resource: couponResource, service: couponService },
  review: { resource: reviewResource, service: reviewService },
  page: { resource: pageResource, service: pageService },
  banner: { resource: bannerResource, service: bannerService },
} satisfies KitRegistry;

/** What the registry holds: under each key, that resource and a service with every operation the kit calls. */
export type KitRegistry = { [K in ResourceKey]: { resource: { key: K }; service: KitServiceModule } };

export type ResourceServices = { [K in ResourceKey]: BoundService<(typeof STORE_RESOURCES)[K]['service']> };

export function bindResources(deps: ServiceDeps): ResourceServices {
  return Object.fromEntries(Object.entries(STORE_RESOURCES).map(([key, { service }]) => [key, bindService(service, deps)])) as ResourceServices;
}

/** The kit's view of any resource's service: what the generic screens and API call. */
export const genericService = (services: ResourceServices, key: ResourceKey): KitService => services[key];
