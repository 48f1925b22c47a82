import type { Locale } from '#common/locale.ts';

// The people's view of the OpenAPI document at /api/docs (decision 052): one server-rendered page in
// the reader's language, with no script at all — Swagger UI broke the CSP with an inline script and
// failed axe on about a thousand nodes (issue 20 §7, §16). Operations open and close as <details>.

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = { operationId?: string; summary?: string; description?: string; tags?: string[]; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }> };
export type ApiDocument = { info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const TEXTS = {
  es: {
    title: 'Guía de la API de Tiendabox',
    language: 'Idioma',
    home: 'Ir a Tiendabox',
    document: 'El documento OpenAPI (JSON)',
    operations: 'Operaciones',
    parameters: 'Parámetros',
    name: 'Nombre',
    where: 'Dónde',
    required: 'Obligatorio',
    yes: 'sí',
    no: 'no',
    type: 'Tipo',
    body: 'Cuerpo de la petición (JSON)',
    responses: 'Respuestas',
    schema: 'Esquema',
    count: (n: number) => (n === 1 ? '1 operación' : `${n} operaciones`),
  },
  en: {
    title: 'Tiendabox API guide',
    language: 'Language',
    home: 'Go to Tiendabox',
    document: 'The OpenAPI document (JSON)',
    operations: 'Operations',
    parameters: 'Parameters',
    name: 'Name',
    where: 'In',
    required: 'Required',
    yes: 'yes',
    no: 'no',
    type: 'Type',
    body: 'Request body (JSON)',
    responses: 'Responses',
    schema: 'Schema',
    count: (n: number) => (n === 1 ? '1 operation' : `${n} operations`),
  },
} satisfies Record<Locale, Record<string, unknown>>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Our own guide's Markdown, escaped first: `code`, **bold**, *italic* in a line. */
function inline(text: string): string {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>');
}

/**
 * The subset of Markdown the guide (api-guide.ts) and the routes' descriptions are written in:
 * blocks apart by a blank line, `## ` headings, ``` fences; everything escaped before marking up.
 */
export function markdownToHtml(markdown: string, headingLevel = 2): string {
  const blocks: string[] = [];
  const fence = /```[a-z]*\n([\s\S]*?)\n```/g;
  let at = 0;
  const prose = (text: string) => {
    for (const block of text.split(/\n{2,}/).map((part) => part.trim()).filter(Boolean)) {
      const heading = /^##\s+(.*)$/.exec(block);
      blocks.push(heading ? `<h${headingLevel}>${inline(heading[1]!)}</h${headingLevel}>` : `<p>${inline(block).replace(/\n/g, '<br>')}</p>`);
    }
  };
  for (const match of markdown.matchAll(fence)) {
    prose(markdown.slice(at, match.index));
    blocks.push(`<pre><code>${escape(match[1]!)}</code></pre>`);
    at = match.index + match[0].length;
  }
  prose(markdown.slice(at));
  return blocks.join('\n');
}

const typeOf = (schema: Schema | undefined): string => {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((part) => typeOf(part as Schema)).filter(Boolean).join(' | ');
  return String(schema.type ?? (schema.$ref ? String(schema.$ref).split('/').pop() : ''));
};

/** A schema as indented JSON, wrapped rather than scrolled (no region to reach by keyboard). */
const schemaBlock = (schema: Schema | undefined, label: string) =>
  schema ? `<details class="schema"><summary>${escape(label)}</summary><pre><code>${escape(JSON.stringify(schema, null, 2))}</code></pre></details>` : '';

function operationHtml(method: string, path: string, op: Operation, t: (typeof TEXTS)[Locale]): string {
  const id = escape(op.operationId ?? `${method}-${path}`);
  const parameters = op.parameters?.length
    ? `<h3>${t.parameters}</h3><table><thead><tr><th scope="col">${t.name}</th><th scope="col">${t.where}</th><th scope="col">${t.type}</th><th scope="col">${t.required}</th></tr></thead><tbody>${op.parameters
        .map((p) => `<tr><td><code>${escape(p.name)}</code>${p.description ? `<br><span class="note">${inline(p.description)}</span>` : ''}</td><td>${escape(p.in)}</td><td>${escape(typeOf(p.schema))}</td><td>${p.required ? t.yes : t.no}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  const body = op.requestBody?.content ? Object.values(op.requestBody.content)[0]?.schema : undefined;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, answer]) => `<dt><code>${escape(status)}</code></dt><dd>${inline(answer.description ?? '')}${schemaBlock(answer.content ? Object.values(answer.content)[0]?.schema : undefined, t.schema)}</dd>`)
    .join('');
  return `<details class="operation" id="${id}">
<summary><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${escape(path)}</code> <span class="summary">${escape(op.summary ?? '')}</span></summary>
<div class="body">
${op.description ? markdownToHtml(op.description, 3) : ''}
${parameters}
${body ? `<h3>${t.body}</h3>${schemaBlock(body, t.schema)}` : ''}
<h3>${t.responses}</h3><dl>${responses}</dl>
</div>
</details>`;
}

// Colors from the app's theme (app/theme.ts), each pair at least 4.5:1 (WCAG AA).
const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #212529; background: #f8f9fa; }
body { margin: 0; line-height: 1.5; }
header { display: flex; flex-wrap: wrap; gap: 12px; justify-content: space-between; align-items: center; padding: 12px 24px; background: #0a6358; color: #fff; }
header a { color: #fff; font-weight: 700; }
header nav ul { display: flex; gap: 16px; list-style: none; margin: 0; padding: 0; }
header nav a[aria-current="page"] { text-decoration: none; border-bottom: 2px solid #fff; }
main { max-width: 1040px; margin: 0 auto; padding: 16px 24px 48px; }
a { color: #0a6358; }
a:focus-visible, summary:focus-visible { outline: 3px solid #c24e00; outline-offset: 2px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
pre { background: #fff; border: 1px solid #ced4da; border-radius: 6px; padding: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.guide { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 8px 20px; }
.toc ul { display: flex; flex-wrap: wrap; gap: 8px 16px; padding: 0; list-style: none; }
section.tag { margin-top: 32px; }
details.operation { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; margin: 8px 0; }
details.operation > summary { cursor: pointer; padding: 10px 12px; display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
details.operation .body { padding: 0 16px 12px; border-top: 1px solid #dee2e6; }
.method { display: inline-block; min-width: 4.5em; text-align: center; font-weight: 700; font-size: 0.85em; border-radius: 4px; padding: 2px 6px; color: #fff; }
.method-get { background: #0a6358; } .method-post { background: #1c5d99; } .method-put { background: #8f3900; } .method-patch { background: #6a3d9a; } .method-delete { background: #a51f1f; }
.path { font-weight: 600; }
.summary { color: #495057; }
.note { color: #495057; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; border-bottom: 1px solid #dee2e6; padding: 6px 8px; vertical-align: top; }
dt { font-weight: 700; margin-top: 8px; }
dd { margin: 0 0 0 16px; }
details.schema > summary { cursor: pointer; color: #0a6358; text-decoration: underline; }
@media (max-width: 600px) { main { padding: 12px; } header { padding: 12px; } table { font-size: 0.9em; } }
`;

/** The page: header with the language choice, the guide, then each tag's operations. */
export function apiDocsPage(document: ApiDocument, locale: Locale): string {
  const t = TEXTS[locale];
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  const tags = [...byTag.keys()];
  const languages = (['es', 'en'] as const)
    .map((code) => `<li><a href="/api/docs?lang=${code}" lang="${code}" hreflang="${code}"${code === locale ? ' aria-current="page"' : ''}>${code === 'es' ? 'Español' : 'English'}</a></li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header>
<a href="${locale === 'en' ? '/en' : '/'}">${escape(t.home)}</a>
<nav aria-label="${escape(t.language)}"><ul>${languages}</ul></nav>
</header>
<main>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p><a href="/api/docs/json">${escape(t.document)}</a></p>
<div class="guide">${markdownToHtml(document.info.description ?? '')}</div>
<nav class="toc" aria-label="${escape(t.operations)}"><h2>${escape(t.operations)}</h2><ul>${tags.map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a> (${t.count(byTag.get(tag)!.length)})</li>`).join('')}</ul></nav>
${tags
  .map((tag) => `<section class="tag" id="tag-${escape(tag)}" aria-labelledby="tag-${escape(tag)}-title"><h2 id="tag-${escape(tag)}-title">${escape(tag)}</h2>
${byTag.get(tag)!.map(([method, path, op]) => operationHtml(method, path, op, t)).join('\n')}
</section>`)
  .join('\n')}
</main>
</body>
</html>`;
}
