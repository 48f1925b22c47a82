// Messages of the upload feature (Spanish source; en/upload.ts mirrors it).
export const upload = {} as const;
