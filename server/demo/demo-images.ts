import sharp from 'sharp';

// The demo catalog's pictures, drawn here from shapes (no font, no network): a product's
// silhouette in its colour on a soft background, and the banners' wide scenes. Real enough to see
// how the screens and the storefront lay out images, small enough to make at every demo start.

export type DemoShape = 'shirt' | 'mug' | 'cap' | 'bag' | 'shoe' | 'bottle' | 'notebook' | 'lamp';

const SHAPES: Record<DemoShape, (fill: string) => string> = {
  shirt: (fill) => `<path d="M230 150l70-40h200l70 40 110 80-60 90-60-35v305H240V285l-60 35-60-90z" fill="${fill}"/><path d="M340 110c20 40 100 40 120 0" fill="none" stroke="#0003" stroke-width="10"/>`,
  mug: (fill) => `<rect x="230" y="230" width="280" height="330" rx="30" fill="${fill}"/><path d="M510 300h40a70 70 0 0 1 0 140h-40" fill="none" stroke="${fill}" stroke-width="36"/><rect x="230" y="230" width="280" height="40" rx="20" fill="#0002"/>`,
  cap: (fill) => `<path d="M200 460c0-170 90-260 200-260s200 90 200 260z" fill="${fill}"/><path d="M180 460h470c20 0 20 40 0 40H180z" fill="#0003"/><circle cx="400" cy="205" r="18" fill="#0003"/>`,
  bag: (fill) => `<path d="M310 280v-50a90 90 0 0 1 180 0v50" fill="none" stroke="#0004" stroke-width="24"/><rect x="220" y="280" width="360" height="330" rx="36" fill="${fill}"/><rect x="220" y="380" width="360" height="24" fill="#0002"/>`,
  shoe: (fill) => `<path d="M160 520c0-60 30-110 80-150l80-70 60 60c40 40 120 50 180 60 60 10 90 40 90 100z" fill="${fill}"/><rect x="150" y="520" width="500" height="40" rx="20" fill="#fff"/><path d="M300 350l40 40m-10-70l40 40" stroke="#fff" stroke-width="12"/>`,
  bottle: (fill) => `<rect x="360" y="150" width="80" height="70" rx="10" fill="#0004"/><path d="M340 220h120v60c40 20 60 60 60 100v200c0 30-20 40-40 40H320c-20 0-40-10-40-40V380c0-40 20-80 60-100z" fill="${fill}"/><rect x="280" y="400" width="240" height="90" fill="#fff6"/>`,
  notebook: (fill) => `<rect x="240" y="160" width="320" height="440" rx="20" fill="${fill}"/><rect x="240" y="160" width="50" height="440" fill="#0003"/><rect x="330" y="240" width="180" height="50" rx="8" fill="#fff8"/>`,
  lamp: (fill) => `<path d="M280 200h240l70 190H210z" fill="${fill}"/><rect x="385" y="390" width="30" height="170" fill="#0005"/><rect x="300" y="560" width="200" height="40" rx="20" fill="#0005"/>`,
};

/**
 * A square product picture: the shape in `color` on a soft background. Drawn at 480 px — the list’s
 * 320 px thumbnail and the product screen’s gallery tile stay sharp, and the demo start pays one
 * WebP resize per picture instead of two (measured: 30 products and 11 category pictures cost
 * ~1.1 s of CPU at 480 px, ~2.2 s at 640 px).
 */
export function productPicture(shape: DemoShape, color: string, background = '#f4efe8', size = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="${background}"/>
    <ellipse cx="400" cy="640" rx="260" ry="40" fill="#0001"/>
    ${SHAPES[shape](color)}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1920×768 banner: bands of the store's warm colours and a few of its products' shapes. */
export function bannerPicture(palette: [string, string, string], shapes: DemoShape[]): Promise<Buffer> {
  const items = shapes
    .map((shape, index) => `<g transform="translate(${900 + index * 330} ${170 + (index % 2) * 60}) scale(0.55)">${SHAPES[shape]('#ffffff')}</g>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="768" viewBox="0 0 1920 768">
    <rect width="1920" height="768" fill="${palette[0]}"/>
    <path d="M0 520C480 420 900 700 1920 480V768H0z" fill="${palette[1]}"/>
    <circle cx="330" cy="300" r="190" fill="${palette[2]}" opacity="0.9"/>
    ${items}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
