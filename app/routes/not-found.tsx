import { data } from 'react-router';

// Unknown path: the root ErrorBoundary shows "Página no encontrada: {path}" with status 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
