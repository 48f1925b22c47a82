import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export function contentSecurityPolicy(nonce: string, viteDevServer: boolean): string {
  return [
    "default-src 'self'",
    // Scripts only with this response's nonce; 'strict-dynamic' lets them load our own chunks.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${viteDevServer ? " 'unsafe-eval'" : ''}`,
    // Mantine writes CSS variables in <style> tags and style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Vite's dev server needs eval and a websocket for hot reload; the built app needs neither.
    `connect-src 'self'${viteDevServer ? ' ws: wss:' : ''}`,
    // The bot check's proof of work runs in Web Workers created from blobs.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// The API guide (/api/docs, decision 052) is a page of its own without any script: none allowed.
const STATIC_PAGE_POLICY = "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** For answers that are not pages: no script, style, frame or anything else (OWASP's API advice). */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

const NONCE = Symbol('cspNonce');

export const securityHeaders = fp(async (app: FastifyInstance, options: { /** Served over HTTPS: browsers must keep to it (HSTS). */ hsts: boolean; viteDevServer: boolean }) => {
  // Drawn when first read, by a page or its policy: a JSON answer has no script to allow, and the
  // random bytes were about 3 % of an API list request's CPU.
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest & { [NONCE]?: string }) {
      return (this[NONCE] ??= randomBytes(16).toString('base64'));
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // A route may allow its own framing (the storefront's sandboxed pixel frame, issue 22 §6).
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    // A route whose address holds a secret sends none at all (the shop's order page, issue 36 §3).
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    // The storefront brings a policy of its own, without a nonce (its pages are stored, decision 064).
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const staticPage = request.url.startsWith('/api/docs');
      reply.header('content-security-policy', staticPage ? STATIC_PAGE_POLICY : contentSecurityPolicy(request.cspNonce, options.viteDevServer));
    } else if (!reply.hasHeader('content-security-policy')) {
      // Every other answer (JSON, plain text such as a 415, an image) gets the policy that allows
      // nothing: should a browser ever render one as a document, it runs and frames nothing. A
      // route that set its own (an uploaded file's sandbox) keeps it. Issue 21: the 415 to a
      // text/plain login post had none, because only HTML got a policy.
      reply.header('content-security-policy', NOTHING_POLICY);
    }
  });
});
