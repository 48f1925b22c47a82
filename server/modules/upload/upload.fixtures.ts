import sharp from 'sharp';

// Real small files for the upload tests (service and API); users come from tests/support/factories.ts.

export const tinyPng = (width = 8, height = 6) => sharp({ create: { width, height, channels: 3, background: '#0a7' } }).png().toBuffer();

/** A JPEG that a phone would make: turned by EXIF (orientation 6) and carrying personal tags. */
export const phoneJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Ana Perez', ImageDescription: 'casa en 0.1807 S 78.4678 W' } })
    .toBuffer();

export const minimalPdf = () =>
  Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );

/** Just over the 3 MB limit, and a valid PDF by its first bytes: only the size can refuse it. */
export const oversizedPdf = (bytes = 3 * 1024 * 1024 + 1) => {
  const data = Buffer.alloc(bytes, 0x20);
  minimalPdf().copy(data);
  return data;
};

export const textFile = () => Buffer.from('hola, esto no es una imagen\n');

/** A photo as a phone's browser may send it in a modern format: turned by EXIF and carrying a tag. */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: 'Ana Perez' } });
export const webpPhoto = (width = 60, height = 30) => phonePhoto(width, height).webp({ quality: 90 }).toBuffer();
/** An AVIF as an image tool saves it (no EXIF turn: not every AVIF writer keeps one). */
export const avifPhoto = (width = 60, height = 30) => sharp({ create: { width, height, channels: 3, background: '#2a6' } }).avif({ quality: 60, effort: 0 }).toBuffer();

/**
 * A phone photo of a few megabytes (noise does not compress): over the old 3 MB limit, under the
 * images' 15 MB (decision 051), and larger than the catalog box. Made once per test file: noise
 * takes seconds to draw.
 */
let bigPhoto: Promise<Buffer> | undefined;
export const bigPhoneJpeg = () =>
  (bigPhoto ??= sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer());
