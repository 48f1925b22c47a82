import type { ResourceKey } from '#common/resources/index.ts';
import type { ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { colorScreens } from './color.tsx';

// Each kit resource's columns and fields, by resource key (decision 028).
export const SCREENS: Record<ResourceKey, ResourceScreens> = {
  color: colorScreens as unknown as ResourceScreens,
};
