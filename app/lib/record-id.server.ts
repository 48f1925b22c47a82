import { data } from 'react-router';
import { MAX_ID } from '#server/api/params.ts';

/** The `?id=` of a show screen (the seed's pattern); anything but a positive integer of the tables' range is a 404. */
export function recordId(request: Request): number {
  const raw = new URL(request.url).searchParams.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw data(null, { status: 404 });
  return id;
}
