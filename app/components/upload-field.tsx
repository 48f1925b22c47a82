import { Anchor, Box, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { discardUpload, sendUpload, UPLOADS_URL } from '#app/lib/send-upload.ts';
import { UploadProgress } from '#app/components/upload-progress.tsx';
import { localeFromPath } from '#common/locale.ts';
import { formatFileSize } from '#common/file-size.ts';
import { acceptOf, isImagePurpose, KIND_TYPES, tooLargeToSend, UPLOAD_PURPOSES, type UploadPurpose } from '#common/upload-limits.ts';

// One file field of a React Router <Form>: the file goes to POST /api/v1/uploads the moment it is
// chosen (with a real progress bar), and the form carries only the upload's id in a hidden input.
// The server checks the file again by its content; the checks here only save a useless upload.

export { UPLOADS_URL };

export type { UploadPurpose };
export type UploadedFile = { id: string; name: string; size: number; type?: string };


export type UploadFieldProps = {
  /** Name of the hidden input that carries the upload id, e.g. `invoiceUpload`. */
  name: string;
  label: string;
  /** Decides what the server accepts: invoice and attachment PDF/PNG/JPEG, photo PNG/JPEG. */
  purpose?: UploadPurpose;
  /** The file chooser's filter; follows `purpose` when not given. */
  accept?: string;
  /** The file already saved with the record (edit screens). */
  initial?: UploadedFile | null;
  /** The form action's error for this field, already translated. */
  error?: string;
  /** Replaces the size-and-type hint. */
  description?: string;
  required?: boolean;
  disabled?: boolean;
  /** Lowers the size limit below the kind's own (common/upload-limits.ts). */
  maxBytes?: number;
  /**
   * Image fields (a store logo): the chosen or saved image is shown at most this big instead of
   * its name only, so the user sees what will be saved.
   */
  preview?: { width: number; height: number };
  onChange?: (file: UploadedFile | null) => void;
};

/** Whether what is being dragged over the field is a file of an accepted type (when the browser says). */
function dragVerdict(event: React.DragEvent, types: readonly string[]): 'accept' | 'reject' {
  const items = [...event.dataTransfer.items].filter((item) => item.kind === 'file');
  if (items.length !== 1) return items.length === 0 ? 'accept' : 'reject';
  const type = items[0]!.type;
  return !type || types.includes(type) ? 'accept' : 'reject';
}

/** Checkerboard behind a preview, so a logo with transparency or white edges still shows its shape. */
const CHECKERBOARD = 'repeating-conic-gradient(#f1f3f5 0% 25%, #ffffff 0% 50%) 50% / 16px 16px';


function UploadIcon() {
  return (
    <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      <path d="M7 9l5-5 5 5" />
      <path d="M12 4v12" />
    </svg>
  );
}

function FileIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
    </svg>
  );
}

export function UploadField({ name, label, purpose = 'attachment', accept, initial = null, error, description, required, disabled, maxBytes, preview, onChange }: UploadFieldProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const id = useId();
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, button: `${id}-button`, status: `${id}-status` };
  const [file, setFile] = useState<UploadedFile | null>(initial);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [dragging, setDragging] = useState<false | 'accept' | 'reject'>(false);
  const types = UPLOAD_PURPOSES[purpose].map((kind) => KIND_TYPES[kind]);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const hiddenRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const uploadingRef = useRef(false);

  const update = useCallback(
    (next: UploadedFile | null) => {
      setFile(next);
      onChange?.(next);
    },
    [onChange],
  );

  // Leaving the page mid-upload stops the transfer.
  useEffect(() => () => abortRef.current?.(), []);

  // Sending the form while the file is still on its way would save the record without it.
  useEffect(() => {
    const form = hiddenRef.current?.form;
    if (!form) return;
    const guard = (event: SubmitEvent) => {
      if (!uploadingRef.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setUploadError(t('upload.wait'));
    };
    // Captured on the form itself, so it runs before React Router's submit handler.
    form.addEventListener('submit', guard, true);
    return () => form.removeEventListener('submit', guard, true);
  }, [t]);

  // The error itself is a role="alert": announced once, not again by the status line.
  const fail = (message: string) => {
    setUploadError(message);
    setAnnouncement('');
  };

  const upload = (chosen: File) => {
    setTouched(true);
    setUploadError(null);
    if (maxBytes !== undefined ? chosen.size > maxBytes : tooLargeToSend(chosen)) return fail(t('upload.fileSize'));
    if (chosen.size === 0) return fail(t('upload.fileType'));
    // The browser's word on the type saves a useless upload; the server still checks the bytes.
    if (chosen.type && !types.includes(chosen.type)) return fail(t('upload.fileType'));

    abortRef.current?.();
    const sending = sendUpload(chosen, purpose, (percent) => setUploading({ name: chosen.name, percent }));
    abortRef.current = sending.abort;
    uploadingRef.current = true;
    setUploading({ name: chosen.name, percent: 0 });
    setAnnouncement(t('upload.uploading', { name: chosen.name }));
    void sending.outcome.then((outcome) => {
      // A file replaced by a newer choice ends quietly: the newer one owns the field now.
      if (abortRef.current !== sending.abort) return;
      abortRef.current = null;
      uploadingRef.current = false;
      setUploading(null);
      if (outcome.ok) {
        setUploadError(null); // a "wait for the upload" from a submit attempt no longer applies
        update(outcome.file);
        setAnnouncement(t('upload.ready', { name: outcome.file.name }));
      } else if (!('aborted' in outcome)) {
        fail('key' in outcome ? t(outcome.key) : outcome.message);
      }
    });
  };

  const choose = () => inputRef.current?.click();

  /** Stops the file on its way; the field shows what it had before. */
  const stop = () => {
    abortRef.current?.();
    abortRef.current = null;
    uploadingRef.current = false;
    setUploading(null);
  };

  const remove = () => {
    if (uploading) {
      stop();
    } else if (file && file.id !== initial?.id) {
      // A file no record uses yet: delete it now instead of leaving it for the clean-up job.
      discardUpload(file.id);
    }
    setTouched(true);
    setUploadError(null);
    update(null);
    setAnnouncement(t('upload.removed'));
    // The remove button is gone: keep the keyboard where the user can choose again.
    requestAnimationFrame(() => chooseRef.current?.focus());
  };

  /** Back to the saved file: the chosen one (not saved yet) is deleted, as by "remove". */
  const clear = () => {
    if (uploading) stop();
    else if (file && file.id !== initial?.id) discardUpload(file.id);
    setTouched(true);
    setUploadError(null);
    update(initial);
    setAnnouncement(initial ? t('upload.ready', { name: initial.name }) : t('upload.removed'));
    requestAnimationFrame(() => chooseRef.current?.focus());
  };
  // Something differs from the saved file: "clear selection" brings it back.
  const changed = initial !== null && file?.id !== initial.id;
  const clearButton = changed ? (
    <Button variant="subtle" color="gray" size="compact-sm" onClick={clear} disabled={disabled} title={t('upload.clearHint')}>
      {t('upload.clear')}
    </Button>
  ) : null;
  // Replace, clear selection and remove: the same three beside a preview and beside a file name.
  const fileActions = file ? (
    <>
      <Button ref={chooseRef} variant="default" size="compact-sm" onClick={choose} disabled={disabled}>
        {t('upload.replace')}
      </Button>
      {clearButton}
      <Button variant="subtle" color="red" size="compact-sm" onClick={remove} disabled={disabled} aria-label={t('upload.removeFile', { name: file.name })}>
        {t('upload.remove')}
      </Button>
    </>
  ) : null;

  const shownError = uploadError ?? (touched ? undefined : error);
  const hint = description ?? (isImagePurpose(purpose) ? t('upload.hint.images') : t('upload.hint.documents'));
  const describedBy = [ids.hint, shownError ? ids.error : null].filter(Boolean).join(' ');

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: ids.label }}
      description={hint}
      descriptionProps={{ id: ids.hint }}
      error={shownError}
      errorProps={{ id: ids.error, role: 'alert' }}
      required={required}
      data-testid={`upload-field-${name}`}
    >
      <input ref={hiddenRef} type="hidden" name={name} value={file?.id ?? ''} />
      <input
        ref={inputRef}
        type="file"
        accept={accept ?? acceptOf(purpose)}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = ''; // choosing the same file again fires onChange again
          if (chosen) upload(chosen);
        }}
      />
      <Paper
        mt={4}
        p="md"
        radius="md"
        withBorder
        bg={dragging === 'reject' ? 'var(--mantine-color-red-0)' : dragging ? 'var(--mantine-color-brand-0)' : undefined}
        data-drag={dragging || undefined}
        style={{
          borderStyle: file ? 'solid' : 'dashed',
          borderColor: shownError || dragging === 'reject' ? 'var(--mantine-color-error)' : dragging ? 'var(--mantine-color-brand-6)' : undefined,
        }}
        onDragOver={(event) => {
          if (disabled || uploading) return;
          event.preventDefault();
          const verdict = dragVerdict(event, types);
          event.dataTransfer.dropEffect = verdict === 'accept' ? 'copy' : 'none';
          setDragging(verdict);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const dropped = event.dataTransfer.files[0];
          if (dropped && !disabled && !uploading) upload(dropped);
        }}
      >
        {uploading ? (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate="end">
                {t('upload.uploading', { name: uploading.name })}
              </Text>
              <Button variant="subtle" color="gray" size="compact-sm" onClick={remove} aria-label={t('upload.removeFile', { name: uploading.name })}>
                {t('upload.remove')}
              </Button>
            </Group>
            <UploadProgress name={uploading.name} percent={uploading.percent} />
          </Stack>
        ) : file && preview ? (
          <Stack gap="sm">
            <Box
              data-testid={`upload-preview-${name}`}
              p="xs"
              style={{ background: CHECKERBOARD, borderRadius: 'var(--mantine-radius-sm)', display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: Math.min(preview.height, 96) }}
            >
              <img
                src={`${UPLOADS_URL}/${encodeURIComponent(file.id)}`}
                alt={t('upload.preview', { name: file.name })}
                style={{ display: 'block', maxWidth: '100%', width: 'auto', height: 'auto', maxHeight: preview.height, objectFit: 'contain' }}
              />
            </Box>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Box miw={0} style={{ flex: '1 1 12rem' }}>
                <Text size="sm" fw={500} truncate="end">
                  {file.name}
                </Text>
                {/* A saved file's size is not known on the record's screen (size 0): no "0 bytes". */}
                {file.size > 0 ? (
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size, locale)}
                  </Text>
                ) : null}
              </Box>
              <Group gap="xs" wrap="wrap">
                {fileActions}
              </Group>
            </Group>
          </Stack>
        ) : file ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Box c="brand.8" style={{ flexShrink: 0, display: 'flex' }}>
                <FileIcon />
              </Box>
              <Box miw={0}>
                <Anchor href={`${UPLOADS_URL}/${encodeURIComponent(file.id)}`} target="_blank" rel="noopener" size="sm" fw={500} display="block" truncate="end" title={t('upload.open')}>
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size, locale)}
                </Text>
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {fileActions}
            </Group>
          </Group>
        ) : (
          <Stack align="center" gap={6} py="xs">
            <Box c={dragging === 'reject' ? 'red.7' : dragging ? 'brand.8' : 'dimmed'} style={{ display: 'flex' }}>
              <UploadIcon />
            </Box>
            {dragging === 'reject' ? (
              <Text size="sm" c="red.8" ta="center" fw={500}>
                {t('upload.fileType')}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                {t('upload.dropHere')} {t('upload.or')}
              </Text>
            )}
            <Button
              ref={chooseRef}
              id={ids.button}
              variant="light"
              size="sm"
              onClick={choose}
              disabled={disabled}
              aria-labelledby={`${ids.label} ${ids.button}`}
              aria-describedby={describedBy}
              aria-invalid={shownError ? true : undefined}
            >
              {t('upload.choose')}
            </Button>
            {changed ? (
              <Group gap="xs" justify="center">
                <Text size="xs" c="dimmed">
                  {t('upload.willRemove')}
                </Text>
                {clearButton}
              </Group>
            ) : null}
          </Stack>
        )}
      </Paper>
      <Box id={ids.status} aria-live="polite" role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>
    </Input.Wrapper>
  );
}
