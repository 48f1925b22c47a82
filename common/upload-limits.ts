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
