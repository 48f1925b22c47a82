import { data } from 'react-router';

/** The `?id=` of a show screen (the seed's pattern); anything but a positive integer is a 404. */
export function recordId(request: Request): number {
  const raw = new URL(request.url).searchParams.get('id') ?? '';
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}
