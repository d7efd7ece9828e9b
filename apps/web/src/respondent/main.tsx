import { ThemeProvider } from '@mui/system';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../theme';
import { RespondentApp } from './RespondentApp';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <RespondentApp />
      </ThemeProvider>
    </StrictMode>,
  );
}
