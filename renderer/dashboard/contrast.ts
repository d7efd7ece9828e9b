import { getContrastRatio } from '@mui/material/styles';

/** Dark text for light backgrounds: near-black, not MUI's translucent black, so its contrast is what it seems. */
const DARK_TEXT = '#111111';

/**
 * The text colour on a coloured background (band colours): white or near-black, whichever contrasts
 * more. (MUI's `getContrastText` keeps white down to 3:1, too little for small text, which WCAG AA
 * wants at 4.5:1.) A colour MUI cannot read gets the dark text.
 */
export function textColorOn(background: string): string {
  try {
    return getContrastRatio(background, '#ffffff') >= getContrastRatio(background, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
  } catch {
    return DARK_TEXT;
  }
}
