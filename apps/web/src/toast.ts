import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

/** Toast durations of the spec (administration.md 9): 3 s by default. */
export const TOAST_MS = { default: 3000, evaluationsCreated: 20000, interviewSaved: 15000 } as const;

/** Success, error, info and warning toasts; each closes after 3 s unless a duration is given. */
export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (variant: 'success' | 'error' | 'info' | 'warning') => (message: string, autoHideDuration: number = TOAST_MS.default) =>
      enqueueSnackbar(message, { variant, autoHideDuration });
    return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  }, [enqueueSnackbar]);
}
