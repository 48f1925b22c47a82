import { STORE_STYLES, type StoreStyleName } from './enums/store.ts';

// The six storefront styles (PRODUCT §5: 1 warm … 6 vintage) as real theme tokens, in this one
// place: the design screen draws its previews from them and the storefront will theme itself with
// them. Every text/background pair is WCAG AA (4.5:1), checked by store-styles.test.ts. Fonts are
// system font stacks only: nothing is downloaded, a shopper's device draws its own.

export type StoreStyleTokens = {
  name: StoreStyleName;
  colors: {
    /** The page behind everything. */
    background: string;
    /** Cards, product tiles, inputs. */
    surface: string;
    text: string;
    /** Secondary text (prices' old value, captions): still AA on background and surface. */
    muted: string;
    /** The store's header bar and its text. */
    header: string;
    onHeader: string;
    /** Filled buttons ("Add to cart") and their text. */
    primary: string;
    onPrimary: string;
    /** Links and outlined buttons on the background and surfaces. */
    link: string;
    border: string;
  };
  fonts: { heading: string; body: string };
  /** Corner radius of buttons, cards and inputs, in px. */
  radius: number;
  /** Box shadow of cards ('none' for flat styles). */
  shadow: string;
};

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'Georgia, Cambria, "Times New Roman", Times, serif';
const ROUNDED = 'ui-rounded, "SF Pro Rounded", "Nunito", "Segoe UI", system-ui, sans-serif';
const HUMANIST = 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif';
const GEOMETRIC = 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif';
const OLDSTYLE = '"Iowan Old Style", "Palatino Linotype", "URW Palladio L", P052, Georgia, serif';

export const STORE_STYLE_TOKENS: Record<StoreStyleName, StoreStyleTokens> = {
  warm: {
    name: 'warm',
    colors: { background: '#fff8f0', surface: '#ffffff', text: '#3b2416', muted: '#6e4b36', header: '#9a3412', onHeader: '#ffffff', primary: '#b43f0c', onPrimary: '#ffffff', link: '#9a3412', border: '#f1d9c4' },
    fonts: { heading: OLDSTYLE, body: SANS },
    radius: 12,
    shadow: '0 2px 8px rgba(154, 52, 18, 0.12)',
  },
  cold: {
    name: 'cold',
    colors: { background: '#f4f7fb', surface: '#ffffff', text: '#0f1f33', muted: '#475569', header: '#1e3a8a', onHeader: '#ffffff', primary: '#1d4ed8', onPrimary: '#ffffff', link: '#1d4ed8', border: '#d6e0ee' },
    fonts: { heading: HUMANIST, body: SANS },
    radius: 6,
    shadow: '0 1px 4px rgba(15, 31, 51, 0.12)',
  },
  nature: {
    name: 'nature',
    colors: { background: '#f5f7ef', surface: '#ffffff', text: '#1f2d16', muted: '#4d5b3f', header: '#2f5d34', onHeader: '#ffffff', primary: '#35693a', onPrimary: '#ffffff', link: '#2f5d34', border: '#d9e2cc' },
    fonts: { heading: ROUNDED, body: ROUNDED },
    radius: 16,
    shadow: '0 2px 6px rgba(47, 93, 52, 0.12)',
  },
  minimalist: {
    name: 'minimalist',
    colors: { background: '#ffffff', surface: '#ffffff', text: '#111111', muted: '#595959', header: '#ffffff', onHeader: '#111111', primary: '#111111', onPrimary: '#ffffff', link: '#111111', border: '#e5e5e5' },
    fonts: { heading: GEOMETRIC, body: SANS },
    radius: 0,
    shadow: 'none',
  },
  dark: {
    name: 'dark',
    colors: { background: '#121417', surface: '#1d2026', text: '#eceff3', muted: '#a9b1bc', header: '#0a0b0d', onHeader: '#f5f5f5', primary: '#f5a524', onPrimary: '#141414', link: '#fbbf4b', border: '#2f343c' },
    fonts: { heading: SANS, body: SANS },
    radius: 8,
    shadow: '0 2px 10px rgba(0, 0, 0, 0.5)',
  },
  vintage: {
    name: 'vintage',
    colors: { background: '#f4ecd8', surface: '#fbf6e9', text: '#3e2f23', muted: '#66513f', header: '#5c3d2e', onHeader: '#fbf6e9', primary: '#7a3b2e', onPrimary: '#fbf6e9', link: '#7a3b2e', border: '#d9c7a3' },
    fonts: { heading: SERIF, body: SERIF },
    radius: 2,
    shadow: '2px 2px 0 rgba(92, 61, 46, 0.25)',
  },
};

/** The tokens of a stored style number (1–6); an unknown number reads as the first style. */
export function storeStyleTokens(style: number): StoreStyleTokens {
  return STORE_STYLE_TOKENS[STORE_STYLES[style - 1] ?? STORE_STYLES[0]];
}

/** The tokens as CSS custom properties (`--store-background`, …), for a storefront root or a preview. */
export function storeStyleVariables(tokens: StoreStyleTokens): Record<`--store-${string}`, string> {
  const variables: Record<`--store-${string}`, string> = {};
  for (const [key, value] of Object.entries(tokens.colors)) variables[`--store-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  variables['--store-font-heading'] = tokens.fonts.heading;
  variables['--store-font-body'] = tokens.fonts.body;
  variables['--store-radius'] = `${tokens.radius}px`;
  variables['--store-shadow'] = tokens.shadow;
  return variables;
}
