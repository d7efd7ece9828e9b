/** Severity of a toast. */
export type ToastVariant = 'error' | 'success' | 'info' | 'warning';

/** Toast backgrounds: notistack's defaults fail WCAG AA contrast with white text; these darker shades pass. */
export const TOAST_COLORS: Record<ToastVariant, string> = { success: '#1b5e20', error: '#b71c1c', info: '#0d47a1', warning: '#7a4100' };

type Show = (message: string, variant: ToastVariant, autoHideDuration?: number) => void;

let toaster: Promise<Show> | undefined;

/**
 * Shows a toast. notistack and its provider load on the first toast, in a root of their own, so pages
 * that start without one (a respondent's form) do not download them up front.
 */
export function toast(message: string, variant: ToastVariant, autoHideDuration?: number): void {
  toaster ??= import('./Toaster.tsx').then((module) => module.mountToaster());
  void toaster.then((show) => show(message, variant, autoHideDuration));
}
