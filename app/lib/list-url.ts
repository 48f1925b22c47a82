/**
 * The current list URL with some parameters changed (empty values removed). The page resets
 * unless given, and `after` (where a "next" page starts, decision 036) holds only for the link
 * that gives it: any other change lands on a page counted from the start.
 */
export function listHref(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  if (!('page' in changes)) params.delete('page');
  if (!('after' in changes)) params.delete('after');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}
