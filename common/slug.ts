import { z } from '#common/zod.ts';

/** "Café Orgánico 100%" → "cafe-organico-100": lowercase ASCII letters, digits and single hyphens. */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/** An optional slug typed by the owner; empty means "derive it from the name". */
export const optionalSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(60, { error: 'validation.tooLong' })
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: 'validation.slug' })
  .default('');
