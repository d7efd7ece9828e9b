import { forwardRef } from 'react';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider, type CustomContentProps, type SnackbarKey } from 'notistack';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { messages } from '../engine/messages.ts';
import { groupBy } from '../engine/collections.ts';

/** Severity of a toast. */
export type ToastVariant = 'error' | 'success' | 'info' | 'warning';

/** Toast backgrounds: notistack's defaults fail WCAG AA contrast with white text; these darker shades pass. */
export const TOAST_COLORS: Record<ToastVariant, string> = { success: '#1b5e20', error: '#b71c1c', info: '#0d47a1', warning: '#7a4100' };

/** The toast's close button: plain, white on the toast's colour, a 36 px target. */
const closeStyle = { background: 'transparent', border: 0, color: 'inherit', font: 'inherit', fontSize: '1.5rem', lineHeight: 1, width: 36, height: 36, cursor: 'pointer' } as const;

/** A toast in a colour white text can be read on (WCAG AA), whatever its variant. */
const Content = forwardRef<HTMLDivElement, CustomContentProps>(function Content(props, ref) {
  const color = props.variant === 'default' ? undefined : TOAST_COLORS[props.variant];
  return <MaterialDesignContent ref={ref} {...props} style={{ ...props.style, ...(color ? { backgroundColor: color } : {}) }} />;
});

/** A problem list inside one toast: one line per message, in the order given. */
const listStyle = { margin: 0, paddingLeft: '1.25em' } as const;

interface Pending {
  message: string;
  variant: ToastVariant;
  autoHideDuration?: number;
  once?: boolean;
}

let show: ((pending: Pending) => void) | undefined;

/**
 * Mounts notistack's provider in its own root, once; `showToast` then shows a toast.
 *
 * Toasts about the form say what is wrong at the moment they are shown, so they never queue up to
 * appear later about a question answered since:
 * - the messages of one refusal (given in the same task) share one toast, one line each;
 * - a new refusal's toast replaces the earlier problem toasts;
 * - the first answer typed or ticked closes the problem toasts (each question keeps its own red message);
 * - a success settles whatever went wrong before.
 * On a phone they sit at the top, clear of the progress footer fixed at the bottom.
 */
export function mountToaster(): void {
  if (show) return;
  const host = document.createElement('div');
  document.body.appendChild(host);
  const phone = window.matchMedia?.('(max-width: 599.95px)').matches ?? false;
  flushSync(() =>
    createRoot(host).render(
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={5000}
        Components={{ success: Content, error: Content, info: Content, warning: Content }}
        anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
        action={(key) => (
          <button type="button" aria-label={messages.common.close} title={messages.common.close} onClick={() => closeSnackbar(key)} style={closeStyle}>
            ×
          </button>
        )}
      />,
    ),
  );

  const problems = new Set<SnackbarKey>();
  const closeProblems = () => {
    for (const key of problems) closeSnackbar(key);
    problems.clear();
  };
  // Any answer makes a problem toast stale: capture phase, so no widget can hide the event.
  document.addEventListener('input', () => problems.size > 0 && closeProblems(), true);

  let pending: Pending[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    const groups = groupBy(batch, (item) => `${item.variant}/${item.autoHideDuration ?? ''}`);
    closeProblems();
    for (const items of groups.values()) {
      const { variant, autoHideDuration } = items[0]!;
      if (variant === 'success') closeSnackbar();
      const lines = [...new Set(items.map((item) => item.message))];
      const message =
        lines.length === 1 ? (
          lines[0]
        ) : (
          <ul style={listStyle}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        );
      const key = enqueueSnackbar(message, { variant, autoHideDuration, preventDuplicate: items.every((item) => item.once) });
      if (variant !== 'success') problems.add(key);
    }
  };

  show = (item) => {
    // The messages of one refusal arrive one by one in the same task: gathered, then shown together.
    if (pending.length === 0) queueMicrotask(flush);
    pending.push(item);
  };
}

/** Shows a toast (after `mountToaster`). */
export function showToast(message: string, variant: ToastVariant, options: { autoHideDuration?: number; once?: boolean }): void {
  show?.({ message, variant, ...options });
}

/** Closes every toast on screen. */
export function closeToasts(): void {
  closeSnackbar();
}
