import { data } from 'react-router';
import { parseRecordId } from '#common/record-id.ts';

/** The `?id=` of a show screen (the seed's pattern); anything but a record id (common/record-id.ts) is a 404. */
export function recordId(request: Request): number {
  const id = parseRecordId(new URL(request.url).searchParams.get('id'));
  if (id === null) throw data(null, { status: 404 });
  return id;
}
