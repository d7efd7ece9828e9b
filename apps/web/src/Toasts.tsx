import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { messages } from '../../../engine/messages';
import { CloseIcon } from './icons';
import { TOAST_MS } from './toast';

// notistack's default colours fail WCAG AA contrast with white text; these darker shades pass.
const Content = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#7a4100' },
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
