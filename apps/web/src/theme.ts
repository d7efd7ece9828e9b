import type { ThemeOptions } from '@mui/material/styles';
import { createTheme } from '@mui/system';
import { APP_FONT } from '../../../engine/charts/print';

/** Brand yellow of the header bars. */
export const BRAND_YELLOW = '#F5C400';

/**
 * The app's MUI theme options: yellow header (primary) with dark text, visible focus. Contained primary
 * buttons are yellow with dark text; outlines, checks and links default to the dark secondary. The staff
 * app adds MUI's Portuguese component texts (`staffTheme.ts`); respondent pages need none of them.
 */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: BRAND_YELLOW, contrastText: '#1a1a1a' },
    secondary: { main: '#1f2a44' },
    background: { default: '#f6f6f4' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: APP_FONT },
  components: {
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #1f2a44', outlineOffset: 2 },
        },
      },
    },
    // Buttons read as written ('Enviar', not 'ENVIAR').
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    // Yellow on white is too faint for outlines, checks and links: those use the dark secondary colour.
    MuiLink: { defaultProps: { underline: 'hover', color: 'secondary' } },
    MuiTextField: { defaultProps: { color: 'secondary' } },
    MuiOutlinedInput: { defaultProps: { color: 'secondary' } },
    MuiRadio: { defaultProps: { color: 'secondary' } },
    MuiCheckbox: { defaultProps: { color: 'secondary' } },
    MuiTableSortLabel: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #1f2a44' } } } },
  },
};

const FONT = APP_FONT;
const SHADOW_1 = '0px 2px 1px -1px rgba(0,0,0,0.2),0px 1px 1px 0px rgba(0,0,0,0.14),0px 1px 3px 0px rgba(0,0,0,0.12)';
const SHADOW_24 = '0px 11px 15px -7px rgba(0,0,0,0.2),0px 24px 38px 3px rgba(0,0,0,0.14),0px 9px 46px 8px rgba(0,0,0,0.12)';

/**
 * The tokens the respondent pages' `sx` props use, with the values Material's `createTheme(themeOptions)`
 * gives them (a test compares every one). Shadows other than 0, 1 and 24 are unused there: 'none'.
 */
export const respondentTokens = {
  palette: {
    primary: { main: BRAND_YELLOW, dark: 'rgb(171, 137, 0)', contrastText: '#1a1a1a' },
    secondary: { main: '#1f2a44' },
    error: { main: '#d32f2f', dark: '#c62828' },
    success: { main: '#2e7d32' },
    info: { main: '#0288d1' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)' },
    background: { default: '#f6f6f4', paper: '#fff' },
    action: { hover: 'rgba(0, 0, 0, 0.04)' },
    divider: 'rgba(0, 0, 0, 0.12)',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT,
    h5: { fontFamily: FONT, fontWeight: 400, fontSize: '1.5rem', lineHeight: 1.334 },
    h6: { fontFamily: FONT, fontWeight: 500, fontSize: '1.25rem', lineHeight: 1.6 },
    subtitle1: { fontFamily: FONT, fontWeight: 400, fontSize: '1rem', lineHeight: 1.75 },
    body1: { fontFamily: FONT, fontWeight: 400, fontSize: '1rem', lineHeight: 1.5 },
    body2: { fontFamily: FONT, fontWeight: 400, fontSize: '0.875rem', lineHeight: 1.43 },
    overline: { fontFamily: FONT, fontWeight: 400, fontSize: '0.75rem', lineHeight: 2.66, textTransform: 'uppercase' },
  },
  shadows: Array.from({ length: 25 }, (_, elevation) => (elevation === 1 ? SHADOW_1 : elevation === 24 ? SHADOW_24 : 'none')),
};

/**
 * The respondent pages' theme: those tokens on `@mui/system` alone, so a respondent's phone does not
 * download Material's theme machinery (palette and typography generators, transitions, mixins).
 */
export const theme = createTheme(respondentTokens);
