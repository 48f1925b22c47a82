import type sharpModule from 'sharp';

// sharp and its libvips are ~20 MiB of a process's resident memory once loaded (their native code
// and its set-up), for a process that reads an image: an upload, a logo, a variant. A storefront
// process that only serves pages never does, so sharp is loaded by the first image, not at start
// (decision 101).
let loading: Promise<typeof sharpModule> | undefined;

/** sharp, loaded once per process. */
export const loadSharp = () => (loading ??= import('sharp').then((module) => module.default));
