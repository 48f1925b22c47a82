import { use } from 'react';
import type { ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { stripLocale } from '#common/locale.ts';
import type { ResourceKey } from '#common/resources/index.ts';

// Each kit resource's screens (its columns, filters and form fields) are a chunk of their own,
// loaded only by that resource's list, new and show screens (decision 043): before the server
// renders one and before a navigation in the browser shows one (the route modules' middleware),
// and before a page that arrived as one hydrates (entry.client.tsx). A resource's file is named by its key: vite.config.ts finds its chunk by that name
// for the page to preload.
const SCREENS: { [K in ResourceKey]: () => Promise<ResourceScreens & { resource: { key: K } }> } = {
  product: async () => (await import('./product.tsx')).productScreens,
  variant: async () => (await import('./variant.tsx')).variantScreens,
  category: async () => (await import('./category.tsx')).categoryScreens,
  subcategory: async () => (await import('./subcategory.tsx')).subcategoryScreens,
  brand: async () => (await import('./brand.tsx')).brandScreens,
  color: async () => (await import('./color.tsx')).colorScreens,
  size: async () => (await import('./size.tsx')).sizeScreens,
  coupon: async () => (await import('./coupon.tsx')).couponScreens,
  review: async () => (await import('./review.tsx')).reviewScreens,
  banner: async () => (await import('./banner.tsx')).bannerScreens,
  page: async () => (await import('./page.tsx')).pageScreens,
};

/** A promise React's `use` reads at once when it is marked fulfilled: a loaded resource's screens render without suspending. */
type Loading = Promise<ResourceScreens> & { status?: 'fulfilled'; value?: ResourceScreens };

const loading = new Map<ResourceKey, Loading>();

const isKey = (name: string | undefined): name is ResourceKey => name !== undefined && Object.hasOwn(SCREENS, name);

/**
 * The resource whose screens a page path shows: a resource's path ends with its key (`/en/catalog/color/show`
 * → `color`; the definition's `path` type holds it). React Router's data requests end in `.data`.
 */
export function screensKeyAt(pathname: string): ResourceKey | undefined {
  const name = stripLocale(pathname.replace(/\.data$/, '')).replace(/\/(new|show)$/, '').split('/').pop();
  return isKey(name) ? name : undefined;
}

/** Loads a resource's screens, once per page (or server process). */
export function loadScreens(key: ResourceKey): Promise<ResourceScreens> {
  let promise = loading.get(key);
  if (!promise) {
    const started: Loading = SCREENS[key]().then(
      (screens) => {
        started.status = 'fulfilled';
        started.value = screens;
        return screens;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (a new build, the network) is asked for again next time.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, started);
    promise = started;
  }
  return promise;
}

/** Loads the screens of the resource named (as the page's `<html data-screens>` names it), if it is one. */
export async function loadScreensNamed(name: string): Promise<void> {
  if (isKey(name)) await loadScreens(name);
}

/** Loads the screens of the resource a page path shows, if it shows one. */
export async function loadScreensAt(pathname: string): Promise<void> {
  const key = screensKeyAt(pathname);
  if (key) await loadScreens(key);
}

/** The screens of a resource already loaded for this page, if they are (its meta, its title). */
export const loadedScreensAt = (pathname: string): ResourceScreens | undefined => {
  const key = screensKeyAt(pathname);
  return key ? loading.get(key)?.value : undefined;
};

/** A resource's screens in a component: loaded beforehand (see above), so read without suspending. */
export const useScreens = (key: ResourceKey): ResourceScreens => use(loadScreens(key));

/**
 * Middleware of the kit's route modules, on the server (before it renders) and in the browser
 * (before a navigation shows the screen): the screens of the page's resource are loaded first.
 */
export async function screensFirst({ request }: { request: Request }): Promise<void> {
  await loadScreensAt(new URL(request.url).pathname);
}
