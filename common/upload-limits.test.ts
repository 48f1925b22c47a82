import { describe, expect, it } from 'vitest';
import { acceptOf, isUploadPurpose, MAX_UPLOAD_BYTES } from './upload-limits.ts';

describe('upload limits', () => {
  it('filters the chooser by the kinds the server accepts for the purpose', () => {
    expect(acceptOf('invoice')).toBe('application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg');
    expect(acceptOf('photo')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
  });

  it('knows only its purposes and the 3 MB limit', () => {
    expect(isUploadPurpose('attachment')).toBe(true);
    expect(isUploadPurpose('toString')).toBe(false);
    expect(MAX_UPLOAD_BYTES).toBe(3 * 1024 * 1024);
  });
});
