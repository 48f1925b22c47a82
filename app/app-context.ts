// The request context's token and types, defined beside the server that fills them
// (server/request-context.ts): app/ reads them from here.
export { appContext, type AppContext } from '#server/request-context.ts';
export type { SessionUser } from '#server/modules/auth/session-user.ts';
