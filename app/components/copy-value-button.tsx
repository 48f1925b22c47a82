import { ActionIcon, type ActionIconProps, CopyButton, Tooltip } from '@mantine/core';

/** A button that copies `value`, saying so in a tooltip; the labels come translated from the screen. */
export function CopyValueButton({ value, copyLabel, copiedLabel, ...props }: ActionIconProps & { value: string; copyLabel: string; copiedLabel: string; 'data-testid'?: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : copyLabel} withArrow opened={copied || undefined}>
          <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label={copied ? copiedLabel : copyLabel} {...props}>
            <CopyIcon copied={copied} />
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** Two sheets (copy), or a tick once copied: drawn, so no font has to carry the glyph. */
function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="8" y="8" width="12" height="12" rx="2" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
        </>
      )}
    </svg>
  );
}
