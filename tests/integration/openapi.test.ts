import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { servedApiDocument } from '#scripts/api-document.ts';
import { API_TYPES_FILE, generateApiTypes } from '#scripts/api-types.ts';

type Operation = { operationId?: string; tags?: string[]; parameters?: { in: string; name: string }[]; responses: Record<string, unknown>; requestBody?: unknown };
type Document = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }> } };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).filter(([method]) => METHODS.has(method)).map(([method, operation]) => ({ path, method, operation })));

// The document integrators and code generators read (issue 12): it must be valid OpenAPI, and the
// typed client of the API tests is generated from it.
describe('the OpenAPI document at /api/docs/json', () => {
  it('passes a standard validator, every operation named, tagged and with its error answers', async () => {
    const document = (await servedApiDocument()) as Document;
    // swagger-parser dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();

    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      expect(operation.tags?.length, `${method} ${path} has a tag`).toBeGreaterThan(0);
      expect(Object.keys(operation.responses), `${method} ${path} describes its errors`).toEqual(expect.arrayContaining(['401', '429', 'default']));
      expect(Object.keys(operation.responses).some((status) => status.startsWith('2')), `${method} ${path} describes its success`).toBe(true);
    }
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey' });
  });

  it('types the list query strings parameter by parameter', async () => {
    const document = (await servedApiDocument()) as Document;
    for (const path of ['/api/v1/alerts', '/api/v1/consolidations', '/api/v1/tickets', '/api/v1/admin/consolidations', '/api/v1/admin/tickets', '/api/v1/products']) {
      const names = (document.paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(names, path).toEqual(expect.arrayContaining(['q', 'page', 'sort', 'dir']));
    }
  });

  it('tells people how to authenticate with a token, with a curl example per area, in their language', async () => {
    const guide = async (headers: Record<string, string>) => ((await servedApiDocument(headers)) as { info: { description: string } }).info.description;
    const english = await guide({ 'accept-language': 'en-US,en;q=0.9' });
    expect(english).toContain('## Authentication');
    expect(english).toContain('Authorization: Bearer tbx_');
    for (const area of ['/api/v1/alerts', '/api/v1/store/settings', '/api/v1/colors']) expect(english).toContain(`http://localhost:3000${area}`);
    expect(english.match(/curl /g)).toHaveLength(3);
    const spanish = await guide({ cookie: 'lang=es', 'accept-language': 'en' });
    expect(spanish).toContain('## Autenticación');
    expect(spanish.match(/curl /g)).toHaveLength(3);
  });

  it('matches the generated client types (run `npm run api:types` after changing an operation)', async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes());
  });
});
