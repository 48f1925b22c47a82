import type sharpModule from 'sharp';

// sharp and its libvips are ~20 MiB of a process's resident memory once loaded (their native code
// and its set-up), for a process that reads an image: an upload, a logo, a variant. A storefront
// process that only serves pages never does, so sharp is loaded by the first image, not at start
// (decision 101).
let loading: Promise<typeof sharpModule> | undefined;

/** sharp, loaded once per process. */
export const loadSharp = () =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips's operation cache (up to 50 MiB, 20 files, 100 operations) keeps results for an
    // image read again; each upload is read once, so it only held memory: a process that read 20
    // phone photos as an upload does (checked, normalised, its variants) held 161–167 MiB of RSS
    // five seconds after with the cache, 109–115 without, and peaked at 239–242 against 160–164
    // (6 Dec 2026). Its threads stay sharp's default (the cores): one thread read the same.
    sharp.cache(false);
    return sharp;
  }));
