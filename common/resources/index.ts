import { stripLocale } from '../locale.ts';
import type { Resource } from '../resource.ts';
import { colorResource } from './color.ts';

// Every store-owned resource built on the kit (decision 028): a new one is one line here, one in
// server/resources/registry.ts and one in app/resources/screens.tsx.
export const RESOURCES = [colorResource] as const satisfies readonly Resource[];

export type ResourceKey = (typeof RESOURCES)[number]['key'];

/** The resource whose screens a dashboard path belongs to (`/en/catalog/color/show` → color). */
export function resourceAt(pathname: string): (typeof RESOURCES)[number] | undefined {
  const path = stripLocale(pathname).replace(/\/(new|show)$/, '');
  return RESOURCES.find((resource) => resource.path === path);
}
