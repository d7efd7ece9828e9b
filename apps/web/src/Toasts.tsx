import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { messages } from '../../../engine/messages';
import { CloseIcon } from './icons';
import { TOAST_MS } from './toast';
import { TOAST_COLORS } from '../../../renderer/toast';

// notistack's default colours fail WCAG AA contrast with white text (TOAST_COLORS pass).
const Content = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_COLORS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_COLORS.error },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_COLORS.info },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_COLORS.warning },
}));

/** Toasts sit at the bottom centre on phones (read once at start-up), top right elsewhere. */
const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 599.95px)').matches;

/** The staff app's toasts: 3 s by default (administration.md 9), each with a close button. */
export function Toasts({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_MS.default}
      anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      Components={{ success: Content, error: Content, info: Content, warning: Content, default: Content }}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label={messages.common.close} onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {children}
    </SnackbarProvider>
  );
}
