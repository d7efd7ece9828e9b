import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { isBlankRichText } from '../../engine/answers/blankRichText.ts';
import { messages } from '../../engine/messages.ts';
import { Fieldset } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** The editor's formatting: what the interview's confidential comments allow (bold, italic, lists). */
const extensions = [StarterKit.configure({ heading: false, codeBlock: false, code: false, horizontalRule: false, blockquote: false, link: false })];

const EDITOR_CLASS = 'rich-text-editor';

/**
 * A rich-text answer written in TipTap, as the interview's confidential comments: a toolbar (bold,
 * italic, bulleted and numbered lists) over an editable box labelled by the question. The held answer
 * is the editor's HTML (none while it shows no text); the kind's rules sanitise it on the wire. This
 * module is loaded only by forms that have such a question, so TipTap reaches no other respondent.
 * The editor starts after the script runs (`immediatelyRender: false`): the server draws the empty box.
 */
export default function RichTextWidget({ question, number, value, error, onChange }: WidgetProps<'richText'>) {
  const inputId = fieldName(question.id);
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  const toolbarId = `${inputId}-toolbar`;
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  const held = typeof value === 'string' ? value : '';

  const attributes = {
    id: inputId,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(error ? { 'aria-describedby': errorId, 'aria-invalid': 'true' } : {}),
    ...(question.required ? { 'aria-required': 'true' } : {}),
    class: EDITOR_CLASS,
  };
  const editor = useEditor({
    extensions,
    content: held,
    immediatelyRender: false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      report.current(isBlankRichText(html) ? undefined : html);
    },
  });

  // The error state reaches the editable element's attributes.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  // An answer set from outside (restored after a visit, cleared) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const shown = editor.getHTML();
    if (held === shown || (isBlankRichText(held) && isBlankRichText(shown))) return;
    editor.commands.setContent(held, { emitUpdate: false });
  }, [editor, held]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ['bold', 'italic', 'bulletList', 'orderedList'].filter((mark) => current?.isActive(mark) ?? false),
  });
  const commands = [
    { key: 'bold', label: messages.form.bold, glyph: 'B', run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', label: messages.form.italic, glyph: 'I', run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'bulletList', label: messages.form.bulletList, glyph: '•', run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: 'orderedList', label: messages.form.orderedList, glyph: '1.', run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];

  return (
    <Fieldset legend={<QuestionLabel {...labelProps(question, number)} />} legendId={labelId} errorId={errorId} error={error}>
      <Box id={toolbarId} role="toolbar" aria-label={messages.form.richTextToolbar} aria-controls={inputId} sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
        {commands.map((command) => {
          const pressed = active?.includes(command.key) ?? false;
          return (
            <Box
              component="button"
              type="button"
              key={command.key}
              aria-label={command.label}
              title={command.label}
              aria-pressed={pressed}
              disabled={!editor}
              onClick={command.run}
              sx={{
                font: 'inherit', minWidth: 44, minHeight: 44, px: 1, borderRadius: 1, border: 1, cursor: 'pointer',
                borderColor: 'rgba(0,0,0,0.23)', color: 'text.primary', bgcolor: pressed ? 'action.selected' : 'background.paper',
                fontWeight: command.key === 'bold' ? 700 : 400, fontStyle: command.key === 'italic' ? 'italic' : 'normal',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
                '&:disabled': { cursor: 'default', opacity: 0.6 },
              }}
            >
              {command.glyph}
            </Box>
          );
        })}
      </Box>
      <Box
        sx={{
          minHeight: 160, borderRadius: 1, border: 1, bgcolor: 'background.paper', color: 'text.primary',
          borderColor: error ? 'error.main' : 'rgba(0,0,0,0.42)',
          '&:focus-within': { outline: '2px solid', outlineColor: 'secondary.main', borderColor: 'secondary.main' },
          [`& .${EDITOR_CLASS}`]: { minHeight: 160, p: 1.5, outline: 'none', '& p': { my: 0.5 } },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Fieldset>
  );
}
