import { ActionIcon, Badge, Box, Button, Group, Input, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { discardUpload, sendUpload, UPLOADS_URL } from '#app/lib/send-upload.ts';
import { acceptOf, KIND_TYPES, MAX_PRODUCT_IMAGES, tooLargeToSend, UPLOAD_PURPOSES } from '#common/upload-limits.ts';
import { UploadProgress } from '#app/components/upload-progress.tsx';
import { useField } from './use-field.ts';

// A product's gallery inside its form (decision 033): images upload the moment they are chosen
// (each with its progress bar), are put in order by dragging or by the move buttons (the keyboard's
// way) and removed after a confirmation; the form sends the ids in order, comma-separated, in one
// hidden `imageIds` field, and the gallery is saved with the product — a new product too.

const DRAG_TYPE = 'application/x-tiendabox-image';
const TYPES: readonly string[] = UPLOAD_PURPOSES.catalog.map((kind) => KIND_TYPES[kind]);

type Sending = { key: number; name: string; percent: number; abort: () => void };

/** The field's value as ids: the record's list, or the comma-separated text a refused form echoes. */
function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((id): id is string => typeof id === 'string' && id !== '');
  return typeof value === 'string' ? value.split(',').filter(Boolean) : [];
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item!);
  return next;
}

export function GalleryField({ name = 'imageIds', saved = [] }: { name?: string; saved?: readonly string[] }) {
  const t = useT();
  const field = useField(name);
  const id = useId();
  const [images, setImages] = useState<string[]>(() => idsOf(field.value));
  const [sending, setSending] = useState<Sending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const sendingRef = useRef(0);
  const keyRef = useRef(0);
  const focusRef = useRef<{ id: string; which: 'earlier' | 'later' } | null>(null);
  /** Which upload brought each new image: images chosen together keep the chosen order, whichever finishes first. */
  const orderRef = useRef(new Map<string, number>());

  const room = MAX_PRODUCT_IMAGES - images.length - sending.length;
  const changed = images.join(',') !== saved.join(',');

  // Leaving the page stops the transfers; an image uploaded but not saved is left to the clean-up job.
  useEffect(() => () => sending.forEach((item) => item.abort()), []); // eslint-disable-line react-hooks/exhaustive-deps

  // The form is not sent while an image is on its way: it would be saved without it.
  useEffect(() => {
    const form = hiddenRef.current?.form;
    if (!form) return;
    const guard = (event: SubmitEvent) => {
      if (sendingRef.current === 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setProblems([t('upload.wait')]);
    };
    form.addEventListener('submit', guard, true);
    return () => form.removeEventListener('submit', guard, true);
  }, [t]);

  // After a move the focus stays on the moved image's button, wherever it went.
  useEffect(() => {
    const focus = focusRef.current;
    if (!focus) return;
    focusRef.current = null;
    const button = rootRef.current?.querySelector<HTMLButtonElement>(`[data-image="${focus.id}"] [data-move="${focus.which}"]:not(:disabled)`) ?? rootRef.current?.querySelector<HTMLButtonElement>(`[data-image="${focus.id}"] [data-move]:not(:disabled)`);
    button?.focus();
  }, [images]);

  const change = (next: string[]) => {
    setImages(next);
    field.recheck();
  };

  const add = (files: File[]) => {
    const problems: string[] = [];
    if (room <= 0) {
      setProblems([t('catalog.product.gallery.full', { max: MAX_PRODUCT_IMAGES })]);
      return;
    }
    const chosen = files.slice(0, room);
    if (files.length > chosen.length) problems.push(t('catalog.product.gallery.tooMany', { max: MAX_PRODUCT_IMAGES, count: files.length - chosen.length }));
    for (const file of chosen) {
      // The browser's word on size and type saves a useless upload; the server still checks the bytes.
      if (tooLargeToSend(file)) problems.push(`${file.name}: ${t('upload.fileSize')}`);
      else if (file.size === 0 || (file.type && !TYPES.includes(file.type))) problems.push(`${file.name}: ${t('upload.fileType')}`);
      else start(file);
    }
    setProblems(problems);
  };

  const start = (file: File) => {
    const key = ++keyRef.current;
    const upload = sendUpload(file, 'catalog', (percent) => setSending((list) => list.map((item) => (item.key === key ? { ...item, percent } : item))));
    sendingRef.current += 1;
    setSending((list) => [...list, { key, name: file.name, percent: 0, abort: upload.abort }]);
    setAnnouncement(t('upload.uploading', { name: file.name }));
    void upload.outcome.then((outcome) => {
      sendingRef.current -= 1;
      setSending((list) => list.filter((item) => item.key !== key));
      if (outcome.ok) {
        orderRef.current.set(outcome.file.id, key);
        setImages((list) => {
          const later = list.findIndex((image) => (orderRef.current.get(image) ?? 0) > key);
          return later < 0 ? [...list, outcome.file.id] : [...list.slice(0, later), outcome.file.id, ...list.slice(later)];
        });
        field.recheck();
        setAnnouncement(t('upload.ready', { name: outcome.file.name }));
      } else if (!('aborted' in outcome)) {
        setProblems((list) => [...list, `${file.name}: ${'key' in outcome ? t(outcome.key) : outcome.message}`]);
      }
    });
  };

  const moveTo = (from: number, to: number, which: 'earlier' | 'later') => {
    const image = images[from]!;
    const next = move(images, from, to);
    change(next);
    focusRef.current = { id: image, which };
    setAnnouncement(t('catalog.product.gallery.moved', { position: next.indexOf(image) + 1 }));
  };

  const remove = (index: number) => {
    const image = images[index]!;
    // An image not saved with the product yet is deleted now; a saved one goes when the product is saved.
    if (!saved.includes(image)) discardUpload(image);
    change(images.filter((_, at) => at !== index));
    setConfirming(null);
    setAnnouncement(t('catalog.product.gallery.removed'));
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLButtonElement>('[data-add]')?.focus());
  };

  const error = field.error;
  return (
    <Input.Wrapper
      ref={rootRef}
      label={t('catalog.product.gallery.label')}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={t('catalog.product.gallery.hint', { max: MAX_PRODUCT_IMAGES })}
      descriptionProps={{ id: `${id}-hint` }}
      error={error}
      errorProps={{ role: 'alert' }}
      data-testid="gallery-field"
    >
      <input ref={hiddenRef} type="hidden" name={name} value={images.join(',')} />
      <input
        ref={inputRef}
        type="file"
        accept={acceptOf('catalog')}
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          add(files);
        }}
      />
      {images.length > 0 || sending.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" mt={6} role="list" aria-labelledby={`${id}-label`}>
          {images.map((image, index) => {
            const position = index + 1;
            return (
              <Paper
                key={image}
                role="listitem"
                withBorder
                radius="md"
                p={6}
                data-image={image}
                data-testid={`gallery-image-${index}`}
                draggable
                style={{ cursor: 'grab', outline: over === image ? '2px dashed var(--mantine-color-brand-6)' : undefined }}
                onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, image)}
                onDragOver={(event) => {
                  if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  setOver(image);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(event) => {
                  if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  event.stopPropagation();
                  setOver(null);
                  const dragged = images.indexOf(event.dataTransfer.getData(DRAG_TYPE));
                  if (dragged >= 0 && dragged !== index) moveTo(dragged, index, dragged < index ? 'later' : 'earlier');
                }}
              >
                <Box pos="relative" style={{ aspectRatio: '1 / 1', background: 'var(--mantine-color-gray-1)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
                  <img src={`${UPLOADS_URL}/${encodeURIComponent(image)}`} alt={t('catalog.product.gallery.position', { position, count: images.length })} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
                  <Badge pos="absolute" top={4} left={4} size="sm" variant={index === 0 ? 'filled' : 'white'} color={index === 0 ? 'brand.8' : 'dark'} tt="none">
                    {index === 0 ? t('catalog.product.gallery.main') : position}
                  </Badge>
                </Box>
                <Group gap={4} justify="space-between" mt={6} wrap="nowrap">
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" color="dark" data-move="earlier" disabled={index === 0} onClick={() => moveTo(index, index - 1, 'earlier')} aria-label={t('catalog.product.gallery.moveEarlier', { position })}>
                      <span aria-hidden>←</span>
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="dark" data-move="later" disabled={index === images.length - 1} onClick={() => moveTo(index, index + 1, 'later')} aria-label={t('catalog.product.gallery.moveLater', { position })}>
                      <span aria-hidden>→</span>
                    </ActionIcon>
                  </Group>
                  <ActionIcon variant="subtle" color="red.8" onClick={() => setConfirming(index)} aria-label={t('catalog.product.gallery.remove', { position })} data-testid={`gallery-remove-${index}`}>
                    <span aria-hidden>✕</span>
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          {sending.map((item) => (
            <Paper key={`sending-${item.key}`} role="listitem" withBorder radius="md" p="xs" data-testid="gallery-uploading">
              <Stack gap={6} justify="center" h="100%">
                <Text size="xs" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                  {t('upload.uploading', { name: item.name })}
                </Text>
                <UploadProgress name={item.name} percent={item.percent} />
                <Button variant="subtle" color="gray" size="compact-xs" onClick={item.abort} aria-label={t('upload.removeFile', { name: item.name })}>
                  {t('upload.remove')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed" mt={6}>
          {t('catalog.product.gallery.empty')}
        </Text>
      )}
      {images.length > 1 ? (
        <Text size="xs" c="dimmed" mt={6}>
          {t('catalog.product.gallery.dragHint')}
        </Text>
      ) : null}
      <Paper
        mt="sm"
        p="sm"
        radius="md"
        withBorder
        bg={dropping ? 'var(--mantine-color-brand-0)' : undefined}
        style={{ borderStyle: 'dashed', borderColor: dropping ? 'var(--mantine-color-brand-6)' : undefined }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(false);
          add([...event.dataTransfer.files]);
        }}
      >
        <Group justify="center" gap="sm">
          <Text size="sm" c="dimmed">
            {room > 0 ? `${t('catalog.product.gallery.dropHere')} ${t('upload.or')}` : t('catalog.product.gallery.full', { max: MAX_PRODUCT_IMAGES })}
          </Text>
          <Button variant="light" size="sm" data-add onClick={() => inputRef.current?.click()} disabled={room <= 0} aria-describedby={`${id}-hint`} data-testid="gallery-add">
            {t('catalog.product.gallery.add')}
          </Button>
        </Group>
      </Paper>
      {problems.length > 0 ? (
        <Stack gap={2} mt={6} role="alert" data-testid="gallery-problems">
          {problems.map((problem) => (
            <Text key={problem} size="sm" c="red.8">
              {problem}
            </Text>
          ))}
        </Stack>
      ) : null}
      {changed ? (
        <Text size="sm" c="orange.9" mt={6} data-testid="gallery-unsaved">
          {t('catalog.product.gallery.unsaved')}
        </Text>
      ) : null}
      <Box aria-live="polite" role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('catalog.product.gallery.removeTitle')} centered>
        <Text mb="lg">{t('catalog.product.gallery.removeMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t('list.cancel')}
          </Button>
          <Button color="red" data-testid="gallery-confirm-remove" onClick={() => confirming !== null && remove(confirming)}>
            {t('catalog.product.gallery.removeConfirm')}
          </Button>
        </Group>
      </Modal>
    </Input.Wrapper>
  );
}
