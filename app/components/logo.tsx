import { Group, Text } from '@mantine/core';

/** Our mark: an open parcel box whose flaps form a shop awning. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="18" width="40" height="26" rx="4" fill="#1c9283" />
      <path d="M4 18 L10 6 H38 L44 18 Z" fill="#fe781a" />
      <path d="M10 6 L14 18 M19 6 L20 18 M29 6 L28 18 M38 6 L34 18" stroke="#fff" strokeWidth="2" opacity=".7" />
      <rect x="18" y="26" width="12" height="18" rx="2" fill="#e6fbf8" />
    </svg>
  );
}

/** The theme colours of the logo's text ("Tienda", "box"); theme.test.tsx checks their contrast. */
export const LOGO_TEXT_COLORS = { tienda: 'brand.9', box: 'accent.7' } as const;

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={800} fz={size * 0.62} c={LOGO_TEXT_COLORS.tienda} style={{ letterSpacing: '-0.02em' }}>
        Tienda<Text span inherit c={LOGO_TEXT_COLORS.box}>box</Text>
      </Text>
    </Group>
  );
}
