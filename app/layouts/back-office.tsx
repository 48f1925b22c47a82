import { Outlet } from 'react-router';
import { requireRole } from '#app/lib/require-role.ts';

// Pathless: groups the /admin screens under one guard (staff and admins), inside the default layout.
export const middleware = [requireRole(['staff', 'admin'])];

export default function BackOfficeLayout() {
  return <Outlet />;
}
