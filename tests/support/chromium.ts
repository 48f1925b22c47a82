/**
 * Debian's Chromium (installed by `.ci/run`, never downloaded) and the flags every test browser is
 * launched with: the Playwright journeys (playwright.config.ts) and the cluster's HTTPS test.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
