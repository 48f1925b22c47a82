import { describe, expect, it } from 'vitest';
import { servedApiDocument } from '#scripts/api-document.ts';

// The buyer types of SRI (issue 37 §3) as integrators read them in the OpenAPI document.
describe('the OpenAPI document', () => {
  it('documents the five buyer types a customer takes, with SRI’s codes', async () => {
    type Schema = { properties: Record<string, { enum?: string[]; description?: string }> };
    const document = (await servedApiDocument()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> };
    const input = document.paths['/api/v1/customers/{id}']!.put!.requestBody!.content['application/json']!.schema;
    expect(input.properties.documentType!.enum).toEqual(['cedula', 'ruc', 'passport', 'foreign', 'final']);
    expect(input.properties.documentType!.description).toContain('final (07, consumidor final');
  });
});
