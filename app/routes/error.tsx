import { data } from 'react-router';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { errorMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/error';

/** seed §2.2: the status comes from `?status=`, 404 when absent or not an error status. */
export function errorStatus(value: string | null): number {
  const status = Number(value);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 404;
}

export function loader({ request }: Route.LoaderArgs) {
  const status = errorStatus(new URL(request.url).searchParams.get('status'));
  return data({ status }, { status });
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return errorMeta(location.pathname, root?.origin ?? '');
};

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return <ErrorScreen status={loaderData.status} />;
}
