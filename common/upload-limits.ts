// PRODUCT §5: what a file field takes. The upload field (app/components/upload-field.tsx) filters the
// chooser and refuses early with these; the upload service (server/modules/upload) is authoritative
// and refuses by the same numbers, checking the file's bytes, not its name.

const MB = 1024 * 1024;

/**
 * An image is at most 15 MB (decision 051): what a phone's camera makes (a 12–50 MP JPEG, WebP or
 * AVIF) arrives as it is and is scaled down on the server, so what is stored stays small.
 */
export const MAX_IMAGE_BYTES = 15 * MB;
/** A PDF is kept byte for byte (nothing to scale down), so it keeps PRODUCT §5's 3 MB. */
export const MAX_PDF_BYTES = 3 * MB;
/** The largest file of any kind: the request's ceiling, before the content says what it is. */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;

export const UPLOAD_KINDS = ['pdf', 'png', 'jpeg', 'webp', 'avif'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** The image kinds, every one accepted wherever an image is (a phone may send any of them). */
export const IMAGE_KINDS = ['png', 'jpeg', 'webp', 'avif'] as const satisfies readonly UploadKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const KIND_TYPES: Record<UploadKind, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };
/** The extension a stored file and its shown name get; the first one is the canonical one. */
export const KIND_EXTENSIONS: Record<UploadKind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpeg: ['jpg', 'jpeg'], webp: ['webp'], avif: ['avif'] };

/** The size limit of a file of this kind. */
export const maxBytesOf = (kind: UploadKind): number => (kind === 'pdf' ? MAX_PDF_BYTES : MAX_IMAGE_BYTES);

/**
 * The browser's early check of a chosen file's size, by the type it declares (its word only: the
 * server decides by the bytes). A file that says it is a PDF, or is named like one, gets the PDF limit.
 */
export function tooLargeToSend(file: { size: number; type: string; name: string }): boolean {
  const pdf = file.type === KIND_TYPES.pdf || /\.pdf$/i.test(file.name);
  return file.size > (pdf ? MAX_PDF_BYTES : MAX_IMAGE_BYTES);
}

/** What each form field accepts: the client sends the purpose, the server decides the kinds. */
export const UPLOAD_PURPOSES = {
  invoice: ['pdf', ...IMAGE_KINDS],
  attachment: ['pdf', ...IMAGE_KINDS],
  photo: IMAGE_KINDS,
  /** A store's logo: resized to fit LOGO_SIZE when the design is saved. */
  logo: IMAGE_KINDS,
  /** A store banner: resized to fit BANNER_SIZE, then given its WebP variants when the banner is saved. */
  banner: IMAGE_KINDS,
  /** A catalog image (a product's gallery, a variant, a brand, a category): fitted to CATALOG_IMAGE_SIZE, then given its WebP variants when its record is saved. */
  catalog: IMAGE_KINDS,
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

/**
 * A store's signing certificate (.p12/.pfx, issue 37 §5): a few kilobytes with its chain; 100 KB
 * leaves room for a long chain and refuses anything else early. Checked by content on the server.
 */
export const MAX_CERTIFICATE_BYTES = 100 * 1024;
/** A certificate's password: the entities' are short; a longer one is refused, never cut. */
export const MAX_CERTIFICATE_PASSWORD = 200;
