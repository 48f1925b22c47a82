import { Progress, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';

/**
 * A file on its way, for the upload field and the gallery: the bar, how much of it has gone, then —
 * once every byte is sent — that the server is preparing the image (a 15 MB phone photo is scaled
 * down there, which takes a moment: decision 051), so a full bar is never a frozen screen.
 */
export function UploadProgress({ name, percent }: { name: string; percent: number }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const sent = percent >= 100;
  return (
    <>
      <Progress.Root size="md" radius="xl">
        <Progress.Section value={percent} aria-label={t('upload.progress', { name })} striped={sent} animated />
      </Progress.Root>
      <Text size="xs" c="dimmed" data-testid="upload-progress-text">
        {sent ? t('upload.processing') : new Intl.NumberFormat(locale, { style: 'percent' }).format(percent / 100)}
      </Text>
    </>
  );
}
