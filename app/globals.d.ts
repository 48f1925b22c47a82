/** The id of the build this page runs, set by vite.config.ts. */
declare const __BUILD_ID__: string;
