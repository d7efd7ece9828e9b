import { createBox, createTheme } from '@mui/system';

/**
 * MUI's `Box` (the `sx` prop) built on `@mui/system` alone. `@mui/material/Box` brings Material's
 * whole default theme with it; a respondent's phone needs only the tokens its pages use (the light
 * theme of `apps/web/src/theme.ts`). Inside the staff app's Material ThemeProvider it reads the
 * Material theme, as MUI's own Box does (same theme id).
 */
const Box = createBox({ themeId: '$$material', defaultTheme: createTheme(), defaultClassName: 'MuiBox-root' });

export default Box;
export type { BoxProps } from '@mui/system';
