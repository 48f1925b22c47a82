import { ActionIcon, Group, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { SwitchField, TextField } from '#app/components/form/fields.tsx';
import { ImageField } from '#app/components/form/image-field.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { recordState } from '#common/enums/catalog.ts';
import { bannerResource as banner } from '#common/resources/banner.ts';
import { BANNER_SIZE } from '#common/upload-limits.ts';

type Banner = { id: number; imageId: string | null; imageUrl: string | null; buttonName: string; link: string; sortOrder: number; enabled: boolean; updatedAt: string };

/** Sends one move to the API and reloads the list (the new order is the server's). */
function useMove() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const move = async (id: number, to: { direction: 'up' | 'down' } | { before: number }) => {
    setBusy(true);
    try {
      await fetch(`/api/v1/banners/${id}/move`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(to) });
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return { busy, move };
}

const DRAG_TYPE = 'application/x-tiendabox-banner';

/**
 * The order cell: a drag handle (drop one row's handle on another's to put it just before) and the
 * keyboard's way, the move buttons, one step up or down, saved at once.
 */
function OrderCell({ row }: { row: Banner }) {
  const t = useT();
  const { busy, move } = useMove();
  const [over, setOver] = useState(false);
  const name = row.buttonName || row.link;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      draggable
      data-testid={`banner-order-${row.id}`}
      style={{ cursor: 'grab', outline: over ? '2px dashed var(--mantine-color-brand-6)' : undefined, borderRadius: 4 }}
      onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, String(row.id))}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dragged = Number(event.dataTransfer.getData(DRAG_TYPE));
        if (dragged && dragged !== row.id) void move(dragged, { before: row.id });
      }}
    >
      <Text fz="sm" aria-hidden c="dimmed">⠿</Text>
      <Text fz="sm">{row.sortOrder}</Text>
      <VisuallyHidden>{t('content.banner.dragHint')}</VisuallyHidden>
      <ActionIcon variant="subtle" disabled={busy} onClick={() => void move(row.id, { direction: 'up' })} aria-label={t('content.banner.moveUp', { name })} data-testid={`banner-up-${row.id}`}>
        <span aria-hidden>↑</span>
      </ActionIcon>
      <ActionIcon variant="subtle" disabled={busy} onClick={() => void move(row.id, { direction: 'down' })} aria-label={t('content.banner.moveDown', { name })} data-testid={`banner-down-${row.id}`}>
        <span aria-hidden>↓</span>
      </ActionIcon>
    </Group>
  );
}

function BannerImageField() {
  return <ImageField purpose="banner" label="content.banner.fields.image" hint="content.banner.imageHint" preview={{ width: 480, height: Math.round((480 * BANNER_SIZE.height) / BANNER_SIZE.width) }} required />;
}

export const bannerScreens = {
  resource: banner,
  columns: (t, locale) => [
    { key: 'buttonName', label: t('content.banner.fields.buttonName'), render: (row) => <NameLink resource={banner} row={row}>{row.buttonName || t('content.banner.noButton')}</NameLink> },
    { key: 'image', label: t('content.banner.fields.image'), render: (row) => (row.imageUrl ? <img src={row.imageUrl} alt="" width={120} height={48} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} loading="lazy" /> : null) },
    { key: 'link', label: t('content.banner.fields.link'), render: (row) => <Text fz="sm" style={{ wordBreak: 'break-all' }}>{row.link}</Text> },
    { key: 'order', label: t('content.banner.fields.sortOrder'), sort: 'order', render: (row) => <OrderCell row={row} /> },
    { key: 'updated', label: t('content.banner.fields.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={banner} row={row} /> },
  ],
  status: recordState,
  Fields: function BannerFields() {
    const t = useT();
    return (
    <>
      <BannerImageField />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="buttonName" label="content.banner.fields.buttonName" />
        <TextField name="link" label="content.banner.fields.link" placeholder="https://" />
        <TextField name="sortOrder" label="content.banner.fields.sortOrder" description={t('content.banner.positionHint')} inputMode="numeric" />
        <SwitchField name="enabled" label="content.banner.fields.enabled" />
      </SimpleGrid>
    </>
    );
  },
  blank: { imageId: '', buttonName: '', link: '', sortOrder: '', enabled: true },
} satisfies ResourceScreens<Banner>;
