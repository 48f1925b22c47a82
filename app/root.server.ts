// Server-only pieces the root route's middleware needs (kept out of the client bundle).
export { catalogUrl } from '#server/builds.ts';
