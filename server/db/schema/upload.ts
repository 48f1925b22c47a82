// Files chosen on a form; `claimed` once the record they belong to is saved.
export interface UploadTable {
  id: string;
  userId: number;
  storageKey: string;
  name: string;
  type: string;
  size: number;
  claimed: number;
  createdAt: string;
}

/** A file a store owns (decision 029): found and removed with the store. */
export interface StoreUploadTable {
  uploadId: string;
  storeId: number;
}
