import Box from '@mui/material/Box';
import { useEffect, useId, useRef } from 'react';
import type { DialogText } from '../engine/definition/types.ts';
import { messages } from '../engine/messages.ts';
import { ActionButton } from './controls.tsx';

/**
 * A dialog written in a definition (instructions, confirmations, a list to check), drawn with the
 * browser's own modal `<dialog>`: focus stays inside, Esc cancels, the page behind is inert, and the
 * respondent's phone downloads no dialog library.
 */
export default function DefinitionDialog({ dialog, summary, onConfirm, onCancel }: { dialog: DialogText; summary?: string[]; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = ref.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return (
    <Box
      component="dialog"
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onCancel={(event: React.SyntheticEvent) => {
        event.preventDefault();
        onCancel();
      }}
      sx={{
        border: 0, borderRadius: 2, p: 0, width: 'min(560px, calc(100vw - 24px))', maxHeight: 'calc(100dvh - 24px)', boxShadow: 24,
        '&::backdrop': { bgcolor: 'rgba(0, 0, 0, 0.5)' },
      }}
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
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
            <ActionButton variant="text" onClick={onCancel}>
              {dialog.cancel}
            </ActionButton>
          )}
          <ActionButton onClick={onConfirm} autoFocus>
            {dialog.confirm ?? messages.form.confirm}
          </ActionButton>
        </Box>
      </Box>
    </Box>
  );
}
