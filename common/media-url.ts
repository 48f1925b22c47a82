// Where a store's public image is served at one width (decision 031). In common/ because the
// dashboard's lists and the API's records both build it; the server route reads the same shape.

/** The widths the server writes, narrowest first; only the narrowest is always there (decision 031). */
export const MEDIA_WIDTHS = [320, 640, 1280, 1920] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const mediaUrl = (storeId: number, uploadId: string, width: MediaWidth) => `/media/${storeId}/${uploadId}/w${width}.webp`;
