/** The current list URL with some parameters changed (empty values removed; page resets unless given). */
export function listHref(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  if (!('page' in changes)) params.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}
