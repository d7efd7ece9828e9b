import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { messages } from '../../../../../engine/messages';

const m = messages.screenInterview;

interface ConfidentialDialogProps {
  open: boolean;
  /** The comments as HTML. */
  value: string;
  onChange(html: string): void;
  onClose(): void;
}

/** The confidential comments: a rich-text editor (bold, italic, lists) in a dialog. */
export function ConfidentialDialog({ open, value, onChange, onClose }: ConfidentialDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="confidential-title">
      <DialogTitle id="confidential-title">{m.confidential}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>{m.confidentialHint}</DialogContentText>
        {open && <RichTextEditor value={value} onChange={onChange} />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {m.confidentialDone}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** TipTap with a small toolbar; the HTML goes up on every change so nothing typed is lost. */
function RichTextEditor({ value, onChange }: { value: string; onChange(html: string): void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, code: false, horizontalRule: false, blockquote: false, link: false })],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': m.editorLabel, class: 'confidential-editor' },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      ['bold', 'italic', 'bulletList', 'orderedList'].filter((mark) => current?.isActive(mark) ?? false),
  });
  const commands: { key: string; label: string; glyph: string; run(): void }[] = [
    { key: 'bold', label: m.bold, glyph: 'B', run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', label: m.italic, glyph: 'I', run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'bulletList', label: m.bulletList, glyph: '•', run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: 'orderedList', label: m.orderedList, glyph: '1.', run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];
  return (
    <Box>
      <ToggleButtonGroup size="small" aria-label={m.toolbar} value={active ?? []} sx={{ mb: 1 }}>
        {commands.map((command) => (
          <ToggleButton
            key={command.key}
            value={command.key}
            aria-label={command.label}
            title={command.label}
            onClick={command.run}
            sx={{ minWidth: 44, fontWeight: command.key === 'bold' ? 700 : 400, fontStyle: command.key === 'italic' ? 'italic' : 'normal' }}
          >
            {command.glyph}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        sx={{
          '& .confidential-editor': {
            minHeight: 200,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            outline: 'none',
            '&:focus': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
            '& p': { my: 0.5 },
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
