import { createTheme, type MantineColorsTuple, PasswordInput } from '@mantine/core';

// Brand: deep teal (trust, logistics) with a warm orange accent for calls to action.
const brand: MantineColorsTuple = [
  '#e6fbf8', '#d5f2ee', '#aee3dc', '#83d4c9', '#60c7b9', '#49bfae', '#3bbba9', '#2aa493', '#1c9283', '#007f71',
];
const accent: MantineColorsTuple = [
  '#fff1e2', '#ffe2cc', '#ffc49b', '#ffa464', '#fe8937', '#fe781a', '#ff6f09', '#e45e00', '#cb5200', '#b14500',
];

/** The theme, with the labels Mantine draws itself in the page's language. */
export const themeFor = (labels: { togglePassword: string }) =>
  createTheme({
    ...theme,
    components: {
      PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } } }),
    },
  });

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, accent },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});
