import { Outlet } from 'react-router';
import { requireRole } from '#app/lib/require-role.ts';

// Pathless, inside the back office: the screens only admins may see (settings, users).
export const middleware = [requireRole(['admin'])];

export default function AdminOnlyLayout() {
  return <Outlet />;
}
