import type { ResourceKey } from '#common/resources/index.ts';
import type { ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { colorScreens } from './color.tsx';
import { productScreens, subproductScreens } from './product.tsx';
import { brandScreens, categoryScreens, sizeScreens, subcategoryScreens } from './taxonomy.tsx';
import { pageScreens } from './page.tsx';
import { couponScreens } from './coupon.tsx';
import { reviewScreens } from './review.tsx';
import { bannerScreens } from './banner.tsx';

// Each kit resource's columns and fields, by resource key (decision 028).
export const SCREENS: Record<ResourceKey, ResourceScreens> = {
  color: colorScreens as unknown as ResourceScreens,
  product: productScreens as unknown as ResourceScreens,
  subproduct: subproductScreens as unknown as ResourceScreens,
  brand: brandScreens as unknown as ResourceScreens,
  category: categoryScreens as unknown as ResourceScreens,
  subcategory: subcategoryScreens as unknown as ResourceScreens,
  size: sizeScreens as unknown as ResourceScreens,
  coupon: couponScreens as unknown as ResourceScreens,
  review: reviewScreens as unknown as ResourceScreens,
  page: pageScreens as unknown as ResourceScreens,
  banner: bannerScreens as unknown as ResourceScreens,
};
