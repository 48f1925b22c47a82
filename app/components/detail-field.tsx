import { Stack, Text } from '@mantine/core';

/** One labelled detail of a record's screen: a small uppercase label over its value. */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Stack>
  );
}
