import { http } from '#app/lib/http.ts';
import { productResource } from '#common/resources/product.ts';

/** The store's products whose name, sku or code contain the term, by name: a product select's search (decision 036). */
export async function searchProducts(term: string) {
  const page = await http<{ rows: { id: number; name: string }[] }>(`/api/v1${productResource.apiPath}`, { query: { q: term, sort: 'name', dir: 'asc' } });
  return page.rows.map((row) => ({ value: String(row.id), label: row.name }));
}
