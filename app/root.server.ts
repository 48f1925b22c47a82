// Server-only pieces the root route's middleware needs (kept out of the client bundle).
export { findSessionUser } from '#server/modules/auth/session.service.ts';
export { catalogueUrl } from '#server/builds.ts';
