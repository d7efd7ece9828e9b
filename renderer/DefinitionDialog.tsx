import Box from './Box.ts';
import { useEffect, useId, useRef } from 'react';
import type { DialogText } from '../engine/definition/types.ts';
import { messages } from '../engine/messages.ts';
import { ActionButton } from './controls.tsx';

/** The value a button leaves in `dialog.returnValue` when it closes the dialog without the script. */
const CONFIRM = 'confirm';

/**
 * A dialog written in a definition (instructions, confirmations, a list to check), drawn with the
 * browser's own modal `<dialog>`: focus stays inside, Esc cancels, the page behind is inert, and the
 * respondent's phone downloads no dialog library.
 *
 * The server sends it open (the instructions a form opens with): a full-screen dialog whose buttons
 * close it natively (`<form method="dialog">`), so a respondent can read and dismiss it before the
 * script arrives. Once the script runs it becomes modal, or, if it was dismissed meanwhile, the
 * machine is told so.
 */
export default function DefinitionDialog({ dialog, summary, onConfirm, onCancel }: { dialog: DialogText; summary?: string[]; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof element.showModal !== 'function') return;
    if (!element.open) {
      // Dismissed before the script ran.
      if (element.returnValue === CONFIRM) onConfirm();
      else onCancel();
      return;
    }
    if (element.matches(':modal')) return;
    element.close();
    element.showModal();
    // Runs once: the dialog is opened when it mounts; the machine unmounts it to close it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box
      component="dialog"
      ref={ref}
      open
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onCancel={(event: React.SyntheticEvent) => {
        event.preventDefault();
        onCancel();
      }}
      sx={{
        // The element covers the screen (its dimmed background is the backdrop until it is modal); the card is inside.
        position: 'fixed', inset: 0, width: '100%', height: '100%', maxWidth: 'none', maxHeight: 'none', m: 0, p: '12px', border: 0, zIndex: 1300,
        bgcolor: 'rgba(0, 0, 0, 0.5)', alignItems: 'center', justifyContent: 'center',
        '&[open]': { display: 'flex' },
        '&::backdrop': { bgcolor: 'transparent' },
      }}
    >
      <Box
        component="form"
        method="dialog"
        sx={{ bgcolor: 'background.paper', borderRadius: 2, boxShadow: 24, width: 'min(560px, 100%)', maxHeight: '100%', overflowY: 'auto', p: { xs: 2, sm: 3 } }}
      >
        <Box component="h2" id={`${id}-title`} sx={{ typography: 'h6', mt: 0, mb: 1.5 }}>
          {dialog.title}
        </Box>
        {dialog.body.map((paragraph) => (
          <Box component="p" key={paragraph} sx={{ mt: 0, mb: 1, color: 'text.secondary' }}>
            {paragraph}
          </Box>
        ))}
        {summary && (
          <Box component="ol" tabIndex={0} aria-label={dialog.title} sx={{ listStyle: 'none', pl: 0, my: 1.5, maxHeight: '45dvh', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {dialog.cancel && (
            <ActionButton variant="text" type="submit" value="cancel" onClick={onCancel}>
              {dialog.cancel}
            </ActionButton>
          )}
          <ActionButton type="submit" value={CONFIRM} onClick={onConfirm} autoFocus>
            {dialog.confirm ?? messages.form.confirm}
          </ActionButton>
        </Box>
      </Box>
    </Box>
  );
}
