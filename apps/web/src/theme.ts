import { createTheme, type ThemeOptions } from '@mui/material/styles';

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
  typography: { fontFamily: 'Roboto, "Segoe UI", Arial, sans-serif' },
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

/** The respondent pages' theme. */
export const theme = createTheme(themeOptions);
