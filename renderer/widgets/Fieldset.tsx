import Box from '../Box.ts';
import type { ReactNode } from 'react';
import { ErrorText } from '../controls.tsx';

/**
 * A question's frame: a native fieldset whose legend is the question (or a label for one field), its
 * error line, and the red border state. Native elements keep the respondent bundle small and give
 * screen readers and keyboards the platform's own behaviour.
 */
export function Fieldset({
  legend,
  legendId,
  labelFor,
  errorId,
  error,
  describedBy,
  children,
}: {
  legend: ReactNode;
  /** Id given to the legend (a radio group inside is labelled by it). */
  legendId?: string;
  /** Id of the single field the legend labels (text, drop-down); absent for a group of options. */
  labelFor?: string;
  errorId: string;
  error: string | undefined;
  describedBy?: string;
  children: ReactNode;
}) {
  const legendSx = { p: 0, mb: 1, color: 'text.primary', fontSize: '1rem', lineHeight: 1.5 } as const;
  return (
    <Box component={labelFor ? 'div' : 'fieldset'} aria-describedby={describedBy} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      {labelFor ? (
        <Box component="label" htmlFor={labelFor} sx={{ ...legendSx, display: 'block' }}>
          {legend}
        </Box>
      ) : (
        <Box component="legend" id={legendId} sx={legendSx}>
          {legend}
        </Box>
      )}
      {children}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Box>
  );
}

/** Style of a native radio or checkbox: 20 px, in the theme's dark colour, with a visible focus ring. */
export const tickSx = {
  width: 20, height: 20, m: 0, flexShrink: 0, accentColor: '#1f2a44', cursor: 'pointer',
  '&:focus-visible': { outline: '3px solid #1f2a44', outlineOffset: 2 },
  '&:disabled': { cursor: 'default' },
} as const;

/** Smallest side of a touch target, in CSS px (WCAG 2.5.5, Apple's guidelines). */
export const TAP_TARGET = 44;

/** Style of an option's label row: the whole row is the touch target (at least 44 px high). */
export const optionRowSx = {
  display: 'flex', alignItems: 'center', gap: 1.25, minHeight: TAP_TARGET, py: 0.5, pr: 1, cursor: 'pointer', borderRadius: 1,
  '&:hover': { bgcolor: 'action.hover' },
} as const;
