// The storefront's HTML is written by tagged templates that escape every value by default
// (decision 047): merchant text (names, descriptions, reviews) can only become markup through
// `trustedHtml`, which is given nothing but the sanitized page content. A page is a string, so a
// later page cache (issue 22 §8) can keep it as bytes.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup that is already safe: made by `html`, or sanitized content. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join('');
  return escapeHtml(String(part));
}

/** `html\`<p>${text}</p>\``: every interpolated value is escaped unless it is SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Only for content that was sanitized (page and product content) or built by our own code. */
export const trustedHtml = (value: string) => new SafeHtml(value);

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag. */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}
