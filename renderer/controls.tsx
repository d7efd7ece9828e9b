import Box, { type BoxProps } from './Box.ts';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Props of an action button. */
export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** Filled yellow (the main action), outlined, or plain text. Default "contained". */
  variant?: 'contained' | 'outlined' | 'text';
  /** Red outline, for retrying a failed send. Default false. */
  danger?: boolean;
  /** Larger padding for the page's main actions. Default false. */
  large?: boolean;
  children: ReactNode;
}

/**
 * A button of the respondent pages: a native `<button>` styled like the theme's, without MUI's Button
 * (whose loading indicator alone costs a phone 9 KB). Visible keyboard focus, disabled state, 44 px
 * touch target.
 */
export function ActionButton({ variant = 'contained', danger = false, large = false, children, type = 'button', ...props }: ActionButtonProps) {
  const main = danger ? 'error.main' : 'secondary.main';
  return (
    <Box
      component="button"
      type={type}
      {...(props as BoxProps)}
      sx={{
        font: 'inherit', fontWeight: 600, lineHeight: 1.5, cursor: 'pointer', borderRadius: 1, minHeight: 44,
        px: large ? 3 : 2, py: large ? 1 : 0.75, fontSize: large ? '1rem' : '0.9375rem',
        border: '1px solid', transition: 'background-color 150ms, box-shadow 150ms',
        ...(variant === 'contained'
          ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main', boxShadow: 1, '&:hover:not(:disabled)': { bgcolor: 'primary.dark' } }
          : { bgcolor: 'transparent', color: main, borderColor: variant === 'outlined' ? main : 'transparent', '&:hover:not(:disabled)': { bgcolor: 'action.hover' } }),
        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        '&:disabled': { cursor: 'default', opacity: 0.5, boxShadow: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** A question's error line, tied to its field by `id` (what FormHelperText draws, without its module). */
export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box component="p" id={id} sx={{ color: 'error.main', fontSize: '0.8125rem', mt: 0.5, mb: 0, mx: 0 }}>
      {children}
    </Box>
  );
}
