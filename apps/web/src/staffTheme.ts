import { ptBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { themeOptions } from './theme';

/** The staff app's theme: the shared options plus MUI's Portuguese component texts (tables, pickers). */
export const staffTheme = createTheme(themeOptions, ptBR);
