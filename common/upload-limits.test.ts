import { describe, expect, it } from 'vitest';
import { acceptOf, isUploadPurpose, MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_UPLOAD_BYTES, maxBytesOf, tooLargeToSend } from './upload-limits.ts';
import { catalog as enCatalog } from './i18n/en/catalog.ts';
import { content as enContent } from './i18n/en/content.ts';
import { store as enStore } from './i18n/en/store.ts';
import { upload as enUpload } from './i18n/en/upload.ts';
import { catalog as esCatalog } from './i18n/es/catalog.ts';
import { content as esContent } from './i18n/es/content.ts';
import { store as esStore } from './i18n/es/store.ts';
import { upload as esUpload } from './i18n/es/upload.ts';

const MB = 1024 * 1024;

describe('upload limits', () => {
  it('filters the chooser by the kinds the server accepts for the purpose', () => {
    expect(acceptOf('invoice')).toBe('application/pdf,image/png,image/jpeg,image/webp,image/avif,.pdf,.png,.jpg,.jpeg,.webp,.avif');
    expect(acceptOf('catalog')).toBe('image/png,image/jpeg,image/webp,image/avif,.png,.jpg,.jpeg,.webp,.avif');
  });

  it('knows only its purposes, and the limits: an image 15 MB, a PDF 3 MB (decision 051)', () => {
    expect(isUploadPurpose('attachment')).toBe(true);
    expect(isUploadPurpose('toString')).toBe(false);
    expect([MAX_UPLOAD_BYTES, maxBytesOf('jpeg'), maxBytesOf('avif'), maxBytesOf('pdf')]).toEqual([15 * MB, 15 * MB, 15 * MB, 3 * MB]);
  });

  it('refuses early by the type a chosen file declares, a PDF by its own limit', () => {
    expect(tooLargeToSend({ size: 14 * MB, type: 'image/jpeg', name: 'IMG_0001.JPG' })).toBe(false);
    expect(tooLargeToSend({ size: 15 * MB + 1, type: 'image/webp', name: 'a.webp' })).toBe(true);
    expect(tooLargeToSend({ size: 4 * MB, type: 'application/pdf', name: 'factura.pdf' })).toBe(true);
    expect(tooLargeToSend({ size: 4 * MB, type: '', name: 'FACTURA.PDF' })).toBe(true);
  });

  it('says the limits in every hint that shows them, in both languages', () => {
    const es = { upload: esUpload, catalog: esCatalog, store: esStore, content: esContent };
    const en = { upload: enUpload, catalog: enCatalog, store: enStore, content: enContent };
    for (const messages of [es, en]) {
      for (const hint of [messages.upload.hint.images, messages.catalog.product.imageHint, messages.catalog.product.gallery.hint, messages.store.design.logoHint, messages.content.banner.imageHint]) {
        expect(hint).toContain(`${MAX_IMAGE_BYTES / MB} MB`);
        expect(hint).toMatch(/WebP.+AVIF/);
      }
      expect(messages.upload.hint.documents).toContain(`${MAX_PDF_BYTES / MB} MB`);
    }
  });
});
