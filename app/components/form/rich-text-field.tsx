import { Textarea } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { asText, type Field, useField } from './use-field.ts';

export type RichTextEditorProps = { field: Field; label: string };

/**
 * Formatted text (a store page's content) as HTML. The editor (tiptap through @mantine/tiptap, a few
 * hundred kB) is fetched only when a screen with this field mounts, so it stays out of every other
 * page's JavaScript; until then, and without JavaScript, the same field is a plain text area of the
 * HTML. Whatever arrives, the server sanitizes it.
 */
export function RichTextField({ name, label }: { name: string; label: MessageKey }) {
  const t = useT();
  const field = useField(name);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import('./rich-text-editor.tsx').then((module) => live && setEditor(() => module.RichTextEditorField));
    return () => {
      live = false;
    };
  }, []);
  if (Editor) return <Editor field={field} label={t(label)} />;
  return <Textarea {...field.inputProps} label={t(label)} defaultValue={asText(field.value)} autosize minRows={8} />;
}
