import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
// The theme's CSS variables (theme.test.tsx keeps them equal to what Mantine's provider prints).
import './theme-variables.css';
import './reduced-motion.css';
import { MantineProvider, mantineHtmlProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Meta,
  type MiddlewareFunction,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import { catalogUrl } from './root.server.ts';
import { translator } from '#common/i18n/i18n.ts';
import type { MessageKey, MessagePart } from '#common/i18n/messages.ts';
import { loadCatalog } from '#common/i18n/load-catalog.ts';
import { type Locale, localeFromPath, localizePath, stripLocale } from '#common/locale.ts';
import { ErrorScreen } from './components/error-screen.tsx';
import { PageScripts, RouteStylesheets } from './components/document-assets.tsx';
import { useNonce } from './components/nonce.tsx';
import { startBuildWatcher } from './lib/build-watcher.ts';
import { forwardHeaders } from './lib/headers.ts';
import { errorMeta } from './lib/meta.ts';
import { MaintenanceScreen } from './routes/maintenance.tsx';
import type { Route } from './+types/root';
import { themeFor } from './theme.ts';

const MAINTENANCE = 'maintenance';

// While maintenance is on, every page but /maintenance answers 503 with the maintenance screen.
// Turned on by the back office's switch (not the configuration's), admins keep working, and the
// login and logout pages stay open so that an admin can come in and switch it off (decision 092).
const ADMIN_WAY_IN = new Set(['/user/login', '/user/logout']);
const maintenanceGate: MiddlewareFunction = async ({ request, context }) => {
  const app = context.get(appContext);
  if (app.maintenance === 'off') return;
  const path = stripLocale(new URL(request.url).pathname);
  if (path === '/maintenance') return;
  if (app.maintenance === 'admin') {
    if (ADMIN_WAY_IN.has(path)) return;
    const user = await app.services.sessions.findSessionUser(app.sessionToken);
    if (user?.role === 'admin') return;
  }
  throw data(MAINTENANCE, { status: 503 });
};

// Who is logged in, once per request, before any loader runs.
const loadSessionUser: MiddlewareFunction = async ({ context }) => {
  const app = context.get(appContext);
  context.set(appContext, { ...app, user: await app.services.sessions.findSessionUser(app.sessionToken) });
};

export const middleware = [maintenanceGate, loadSessionUser];

// A navigation in the browser into the other language (a login that returns to an English
// page, say) loads that language's messages before anything renders in it.
const loadNavigationCatalog: Route.ClientMiddlewareFunction = async ({ request }) => {
  await loadCatalog(localeFromPath(new URL(request.url).pathname));
};

export const clientMiddleware = [loadNavigationCatalog];
export const headers = forwardHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  return {
    origin: context.get(appContext).config.publicUrl,
    // The page's messages load before it hydrates: fetched with the page's other scripts. Under
    // Vite's dev server there is no build to name (an old one's file would be the wrong one).
    catalogs: import.meta.env.PROD ? messageChunks(localeFromPath(new URL(request.url).pathname)) : null,
  };
}

function messageChunks(locale: Locale): Record<MessagePart, string | null> {
  return { base: catalogUrl(locale) ?? null, dashboard: catalogUrl(`${locale}-dashboard`) ?? null };
}

export const meta: Route.MetaFunction = ({ error, location, loaderData }) =>
  error ? errorMeta(location.pathname, loaderData?.origin ?? '') : [];

function Alternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <link rel="alternate" hrefLang="es" href={`${origin}${localizePath(pathname, 'es')}${search}`} />
      <link rel="alternate" hrefLang="en" href={`${origin}${localizePath(pathname, 'en')}${search}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${localizePath(pathname, 'es')}${search}`} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const theme = themeFor(locale);
  // Marks the page live once React has hydrated it (this effect runs after every other one of the
  // first render): tests and progressive CSS wait for it instead of for the network to go quiet.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Which parts of the messages the page needs: the logged-in screens (inside the dashboard
  // layout) need the dashboard's too. entry.client.tsx reads the list before hydrating.
  const matches = useMatches();
  const parts: MessagePart[] = matches.some((match) => match.id.endsWith('/layout-default')) ? ['base', 'dashboard'] : ['base'];
  // A kit resource's screen names its resource, whose screens entry.client.tsx loads before
  // hydrating too (decision 043); the kit's route modules mark themselves with their handle.
  const screens = matches.find((match) => (match.handle as { resourceScreens?: boolean } | undefined)?.resourceScreens)?.loaderData as { key?: string } | undefined;
  return (
    <html lang={locale} data-messages={parts.join(' ')} data-screens={screens?.key} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c9283" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <RouteStylesheets />
        <Alternates origin={rootData?.origin ?? ''} />
        {parts.map((part) => (rootData?.catalogs?.[part] ? <link key={part} rel="modulepreload" href={rootData.catalogs[part]} fetchPriority="low" /> : null))}
      </head>
      <body>
        <MantineProvider theme={theme} withCssVariables={false}>
          {/* Bottom: at the top they covered the language switch and the user menu (issue 20 §14). */}
          <Notifications position="bottom-right" />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => startBuildWatcher(__BUILD_ID__), []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const t = translator(localeFromPath(pathname));
  if (isRouteErrorResponse(error)) {
    if (error.status === 503 && error.data === MAINTENANCE) return <MaintenanceScreen />;
    if (error.status === 404) return <ErrorScreen status={404} message={t('error.notFound', { path: pathname })} />;
    // A body the action could not read says why when it knows (readForm: a NUL character).
    const formError = (error.data as { formError?: { key?: MessageKey } } | null)?.formError?.key;
    return <ErrorScreen status={error.status} message={t(formError ?? 'error.generic')} />;
  }
  // Never a stack trace: the details are in the server log under the request id.
  return <ErrorScreen status={500} message={t('error.generic')} />;
}
