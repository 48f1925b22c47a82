// PRODUCT §5: what a file field takes. The upload field (app/components/upload-field.tsx) filters the
// chooser and refuses early with these; the upload service (server/modules/upload) is authoritative
// and refuses by the same numbers, checking the file's bytes, not its name.

/** Invoices, photos and attachments are at most 3 MB. */
export const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;

export const UPLOAD_KINDS = ['pdf', 'png', 'jpeg'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const KIND_TYPES: Record<UploadKind, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };
/** The extension a stored file and its shown name get; the first one is the canonical one. */
export const KIND_EXTENSIONS: Record<UploadKind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpeg: ['jpg', 'jpeg'] };

/** What each form field accepts: the client sends the purpose, the server decides the kinds. */
export const UPLOAD_PURPOSES = {
  invoice: ['pdf', 'png', 'jpeg'],
  attachment: ['pdf', 'png', 'jpeg'],
  photo: ['png', 'jpeg'],
  /** A store's logo: resized to fit LOGO_SIZE when the design is saved. */
  logo: ['png', 'jpeg'],
  /** A store banner: resized to fit BANNER_SIZE, then given its WebP variants when the banner is saved. */
  banner: ['png', 'jpeg'],
  /** A catalog image (a product's gallery, a variant, a brand, a category): fitted to CATALOG_IMAGE_SIZE, then given its WebP variants when its record is saved. */
  catalog: ['png', 'jpeg'],
} as const satisfies Record<string, readonly UploadKind[]>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
}

/** The file chooser's `accept` of a purpose: its media types, then its extensions. */
export function acceptOf(purpose: UploadPurpose): string {
  const kinds: readonly UploadKind[] = UPLOAD_PURPOSES[purpose];
  return [...kinds.map((kind) => KIND_TYPES[kind]), ...kinds.flatMap((kind) => KIND_EXTENSIONS[kind].map((extension) => `.${extension}`))].join(',');
}

/** The box a store logo is resized to fit (about 620×150, PRODUCT §5): aspect kept, never enlarged. */
export const LOGO_SIZE = { width: 620, height: 150 } as const;

/** The box a banner image is resized to fit (about 1920×768, PRODUCT §5): aspect kept, never enlarged. */
export const BANNER_SIZE = { width: 1920, height: 768 } as const;

/** The box a catalog image is resized to fit: room for a zoomed product photo, aspect kept, never enlarged. */
export const CATALOG_IMAGE_SIZE = { width: 1920, height: 1920 } as const;

/** How many images a product's gallery holds (the first is its main image). */
export const MAX_PRODUCT_IMAGES = 10;

/** Whether a purpose takes images only (its field shows the image hint and a preview). */
export function isImagePurpose(purpose: UploadPurpose): boolean {
  return !(UPLOAD_PURPOSES[purpose] as readonly UploadKind[]).includes('pdf');
}

/** Purposes whose images are scaled to a box as they arrive, so the preview before saving is what is kept. */
export const PURPOSE_BOX: Partial<Record<UploadPurpose, { width: number; height: number }>> = { logo: LOGO_SIZE, banner: BANNER_SIZE, catalog: CATALOG_IMAGE_SIZE };
