import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_TOKEN_PREFIX } from '#common/access-token.ts';
import { apiGuide } from './api-guide.ts';

/** Every API error's body (api-errors.ts): a message key, its text in the caller's language, and per-field texts. */
export const ErrorBody = z
  .object({
    error: z.string().describe('A stable code: `validation`, `not_found`, `unauthorized`, `read_only_token`, `invoices_only_token`, a message key…'),
    message: z.string().describe("The error in the caller's language (`Accept-Language` or the `lang` cookie)"),
    fields: z.record(z.string(), z.string()).optional().describe('Validation errors, one text per field'),
  })
  .meta({ example: { error: 'validation', message: 'Error creating the record', fields: { name: 'Required' } } });

const errorJson = () => z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;

// Answers any authenticated operation may give, whatever its own schema lists.
const COMMON_ERRORS: Record<string, string> = {
  401: 'No valid session cookie or access token',
  403: 'A read-only token asked to change something (`read_only_token`), an invoices token went outside the invoices and reading orders (`invoices_only_token`), or a cross-site request',
  429: 'Too many calls with this token (see `Retry-After`)',
  default: 'Any other error, in the same shape',
};

/** `get /api/v1/tickets/{id}/messages` → `get_tickets_by_id_messages`: stable, unique, readable. */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .map((part) => (part.startsWith(':') || part.startsWith('{') ? 'by_id' : part.replace(/[^A-Za-z0-9]+/g, '_')));
  return [method.toLowerCase(), ...words].join('_');
}

/**
 * The zod → JSON Schema transform, plus what every operation of an honest document has and a
 * route need not repeat: an `operationId` (code generators name functions after it) and the
 * error answers common to every call.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as never);
  const { schema, url } = transformed;
  // Routes without a schema (pages, static files) and hidden ones are left out of the document anyway.
  if (!schema || (schema as { hide?: boolean }).hide || !url.startsWith('/api/')) return transformed;
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, description] of Object.entries(COMMON_ERRORS)) response[status] ??= { description, $ref: '#/components/schemas/Error' };
  return { schema: { ...schema, operationId: (schema as { operationId?: string }).operationId ?? derivedOperationId(method, url), response }, url };
};

/** The document's head: both ways to authenticate, and the guide for people (api-guide.ts). */
export const openApiHead = {
  info: { title: 'Tiendabox API', version: '1.0.0', description: apiGuide },
  components: {
    schemas: { Error: errorJson() },
    securitySchemes: {
      session: { type: 'apiKey' as const, in: 'cookie', name: 'tiendabox_session', description: 'The session of a signed-in browser' },
      bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: `${ACCESS_TOKEN_PREFIX}…`, description: 'A personal access token from Profile → Access tokens. Its scope: `read` reads every operation, `write` every operation, `invoices` the invoices operations and reading orders (decision 069)' },
    },
  },
  security: [{ session: [] }, { bearer: [] }] as Record<string, string[]>[],
};
