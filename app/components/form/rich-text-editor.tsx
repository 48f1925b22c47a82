import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { asText } from './use-field.ts';
import type { RichTextEditorProps } from './rich-text-field.tsx';

// Loaded on demand by RichTextField: the editor and its styles are their own chunk.

export function RichTextEditorField({ field, label }: RichTextEditorProps) {
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
      <RichTextEditor editor={editor} data-testid={`rich-text-${field.name}`}>
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
