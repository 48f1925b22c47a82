import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#common/i18n/all-languages.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { makeUser } from '../../../tests/support/factories.ts';
import { MAX_IMAGE_SIDE } from './image-dimensions.ts';
import { acceptUpload, UPLOAD_PURPOSES } from './upload.service.ts';

// Issue 21 §2: an image is refused by its header's dimensions — each side and the area — before
// any pixel is decoded. The refusal's speed is measured in bench/image-refusal.ts, not here.
let t: TestDatabase;
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = (await makeUser(t)).id;
});
afterAll(() => t.dispose());

const image = (width: number, height: number, format: 'png' | 'jpeg') => sharp({ create: { width, height, channels: 3, background: '#0a7' } })[format]().toBuffer();

/** A PNG whose header claims `width` × `height` and whose pixel data is a few bytes: only the header can refuse it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])), chunk('IEND', Buffer.alloc(0))]);
}

const upload = (data: Buffer) => acceptUpload(t.deps, { userId, name: 'foto.png', data, kinds: UPLOAD_PURPOSES.photo });
const refused = { code: 'upload.imageDimensions', status: 413 };

describe('image dimensions', () => {
  it('refuses a side longer than the limit, however small the area, in PNG and JPEG', async () => {
    await expect(upload(await image(MAX_IMAGE_SIDE + 1, 1, 'png'))).rejects.toMatchObject(refused);
    await expect(upload(await image(1, MAX_IMAGE_SIDE + 1, 'png'))).rejects.toMatchObject(refused);
    await expect(upload(await image(20_000, 2, 'jpeg'))).rejects.toMatchObject(refused);
  });

  it('refuses the long thin bombs of the attack run by their header, before decoding', async () => {
    // Their pixel data is a few bytes: a decoder would fail with "invalid file"; the header alone says "too large".
    await expect(upload(pngHeaderOnly(1, 39_000_000))).rejects.toMatchObject(refused);
    await expect(upload(pngHeaderOnly(39_000_000, 1))).rejects.toMatchObject(refused);
    await expect(upload(pngHeaderOnly(7500, 7500))).rejects.toMatchObject(refused); // 56 megapixels, past the 52 allowed
  });

  it('accepts an image at the side limit, scaled down as any other', async () => {
    const info = await upload(await image(MAX_IMAGE_SIDE, 2, 'png'));
    expect(info).toMatchObject({ type: 'image/png', name: 'foto.png' });
  });

  it('says what the limits are, in both languages', () => {
    expect(translator('es')('upload.imageDimensions')).toBe('La imagen es demasiado grande: como máximo 16.384 píxeles por lado y 52 megapíxeles');
    expect(translator('en')('upload.imageDimensions')).toBe('The image is too large: at most 16,384 pixels a side and 52 megapixels');
  });
});
