/** Severity of a toast. */
export type ToastVariant = 'error' | 'success' | 'info' | 'warning';

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
