import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { messages } from '../engine/messages.ts';
import type { ToastVariant } from './toast.ts';

/** The toast's close button: plain, white on the toast's colour, a 36 px target. */
const closeStyle = { background: 'transparent', border: 0, color: 'inherit', font: 'inherit', fontSize: '1.5rem', lineHeight: 1, width: 36, height: 36, cursor: 'pointer' } as const;

/** Mounts notistack's provider in its own root (once) and returns the function that shows a toast. */
export function mountToaster(): (message: string, variant: ToastVariant, autoHideDuration?: number) => void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const phone = window.matchMedia?.('(max-width: 599.95px)').matches ?? false;
  flushSync(() =>
    createRoot(host).render(
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={5000}
        anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
        action={(key) => (
          <button type="button" aria-label={messages.common.close} title={messages.common.close} onClick={() => closeSnackbar(key)} style={closeStyle}>
            ×
          </button>
        )}
      />,
    ),
  );
  return (message, variant, autoHideDuration) => {
    // A success settles whatever went wrong before: earlier error toasts would only confuse.
    if (variant === 'success') closeSnackbar();
    enqueueSnackbar(message, { variant, autoHideDuration });
  };
}
