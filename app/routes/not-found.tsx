import { data, useLocation } from 'react-router';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useT } from '#app/lib/use-t.ts';

// Unknown path (PRODUCT §3): status 404 and "Página no encontrada: {path}". The route sits inside
// the dashboard layout, so for a logged-in user this boundary renders within the menu and header
// (issue 9 §1); for a visitor the layout's middleware answers 404 before, to the root's screen.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const t = useT();
  const { pathname } = useLocation();
  return <ErrorScreen status={404} message={t('error.notFound', { path: pathname })} embedded />;
}
