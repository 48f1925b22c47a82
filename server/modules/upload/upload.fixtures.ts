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
