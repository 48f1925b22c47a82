import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { asText } from './use-field.ts';
import type { RichTextEditorProps } from './rich-text-field.tsx';

// Loaded on demand by RichTextField: the editor and its styles are their own chunk.

export function RichTextEditorField({ field, label }: RichTextEditorProps) {
  const t = useT();
  // The buttons and the link box in the page's language (Mantine's defaults are English).
  const labels = useMemo(
    () => ({
      boldControlLabel: t('content.editor.bold'),
      italicControlLabel: t('content.editor.italic'),
      underlineControlLabel: t('content.editor.underline'),
      strikeControlLabel: t('content.editor.strike'),
      h2ControlLabel: t('content.editor.h2'),
      h3ControlLabel: t('content.editor.h3'),
      blockquoteControlLabel: t('content.editor.blockquote'),
      bulletListControlLabel: t('content.editor.bulletList'),
      orderedListControlLabel: t('content.editor.orderedList'),
      linkControlLabel: t('content.editor.link'),
      unlinkControlLabel: t('content.editor.unlink'),
      linkEditorInputLabel: t('content.editor.linkInput'),
      linkEditorInputPlaceholder: t('content.editor.linkPlaceholder'),
      linkEditorExternalLink: t('content.editor.linkExternal'),
      linkEditorInternalLink: t('content.editor.linkInternal'),
      linkEditorSave: t('content.editor.linkSave'),
    }),
    [t],
  );
  const [html, setHtml] = useState(asText(field.value) ?? '');
  const editor = useEditor({
    // StarterKit's own link is replaced by Mantine's (its link editor, Mod-K); headings stop at h4 as the server keeps them.
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }), Link],
    content: html,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': label, ...(field.error ? { 'aria-invalid': 'true' } : {}) } },
    onUpdate: ({ editor: current }) => {
      setHtml(current.isEmpty ? '' : current.getHTML());
      field.recheck();
    },
  });
  return (
    <Input.Wrapper label={label} error={field.error} required={field.required}>
      <input type="hidden" name={field.name} value={html} />
      <RichTextEditor editor={editor} labels={labels} data-testid={`rich-text-${field.name}`}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
