// Draws public/og-image.png, the 1200×630 picture shared pages point to (og:image), from the logo's
// SVG (app/components/logo.tsx) and the product's tagline. Run again when the logo changes:
//   node scripts/og-image.ts
import sharp from 'sharp';

const TEAL = '#1c9283';
const DARK_TEAL = '#0f5c53';
const ORANGE = '#fe781a';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f1fbf9"/>
  <rect x="0" y="560" width="1200" height="70" fill="${TEAL}"/>
  <g transform="translate(90 150) scale(6.5)">
    <rect x="4" y="18" width="40" height="26" rx="4" fill="${TEAL}"/>
    <path d="M4 18 L10 6 H38 L44 18 Z" fill="${ORANGE}"/>
    <path d="M10 6 L14 18 M19 6 L20 18 M29 6 L28 18 M38 6 L34 18" stroke="#fff" stroke-width="2" opacity=".7"/>
    <rect x="18" y="26" width="12" height="18" rx="2" fill="#e6fbf8"/>
  </g>
  <text x="440" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="800" font-size="112" fill="${DARK_TEAL}" letter-spacing="-2">Tienda<tspan fill="#c2410c">box</tspan></text>
  <text x="444" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#1f2937">Casillero en EE. UU. y tu tienda online</text>
  <text x="444" y="432" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#374151">US parcel box and your online store</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(new URL('../public/og-image.png', import.meta.url).pathname);
