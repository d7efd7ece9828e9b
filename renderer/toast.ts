import type { ToastVariant } from './Toaster.tsx';

export type { ToastVariant } from './Toaster.tsx';

/*
 * The one way to show a toast, on every page: the respondent's form and the staff app alike.
 * notistack and its provider load on the first toast, in a root of their own (`Toaster.tsx`), so pages
 * that start without one (a respondent's form) do not download them up front.
 */

/** Toast durations of the spec (administration.md 9): 3 s by default, longer for two successes. */
export const TOAST_MS = { default: 3000, evaluationsCreated: 20000, interviewSaved: 15000 } as const;

/** How a toast is shown: how long it stays (ms; the toaster's default otherwise); `once`: not while the same text is on screen. */
export interface ToastOptions {
  autoHideDuration?: number;
  once?: boolean;
}

type Toaster = typeof import('./Toaster.tsx');

let toaster: Promise<Toaster> | undefined;
const loaded = () => (toaster ??= import('./Toaster.tsx').then((module) => (module.mountToaster(), module)));

/** Shows a toast. */
export function toast(message: string, variant: ToastVariant, options: ToastOptions | number = {}): void {
  const shown = typeof options === 'number' ? { autoHideDuration: options } : options;
  void loaded().then((module) => module.showToast(message, variant, shown));
}

/** Settles once the toaster the toasts so far asked for is mounted (at once when none did yet). */
export async function toasterMounted(): Promise<void> {
  await toaster;
}

/** Closes every toast on screen (before a full-screen panel whose corner they would cover). */
export function closeToasts(): void {
  if (toaster) void toaster.then((module) => module.closeToasts());
}

/** The staff screens' toasts: each variant a function, 3 s unless a duration is given. */
export const staffToasts = {
  success: (message: string, autoHideDuration: number = TOAST_MS.default) => toast(message, 'success', { autoHideDuration }),
  error: (message: string, autoHideDuration: number = TOAST_MS.default) => toast(message, 'error', { autoHideDuration }),
  info: (message: string, autoHideDuration: number = TOAST_MS.default) => toast(message, 'info', { autoHideDuration }),
  warning: (message: string, autoHideDuration: number = TOAST_MS.default) => toast(message, 'warning', { autoHideDuration }),
} as const;
