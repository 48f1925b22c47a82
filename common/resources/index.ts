import { stripLocale } from '../locale.ts';
import type { Resource } from '../resource.ts';
import { colorResource } from './color.ts';
import { productResource, variantResource } from './product.ts';
import { brandResource, categoryResource, sizeResource, subcategoryResource } from './taxonomy.ts';
import { pageResource } from './page.ts';
import { couponResource } from './coupon.ts';
import { reviewResource } from './review.ts';
import { bannerResource } from './banner.ts';

// Every store-owned resource built on the kit (decision 028): a new one is one line here, one in
// server/resources/registry.ts and one in app/resources/screens.ts (its screens' file, decision 043).
export const RESOURCES = [productResource, variantResource, categoryResource, subcategoryResource, brandResource, colorResource, sizeResource, couponResource, reviewResource, bannerResource, pageResource] as const satisfies readonly Resource[];

export type ResourceKey = (typeof RESOURCES)[number]['key'];

/** The resource whose screens a dashboard path belongs to (`/en/catalog/color/show` → color). */
export function resourceAt(pathname: string): (typeof RESOURCES)[number] | undefined {
  const path = stripLocale(pathname).replace(/\/(new|show)$/, '');
  return RESOURCES.find((resource) => resource.path === path);
}
