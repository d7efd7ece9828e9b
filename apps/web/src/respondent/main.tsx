import { ThemeProvider } from '@mui/system';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BOOTSTRAP_ELEMENT_ID, type RespondentBootstrap } from '../../../../engine/lifecycle/respondentLink';
import { theme } from '../theme';
import { preloadPage, RespondentApp } from './RespondentApp';

/** What the server put in the page (the evaluation and its definition), if it rendered it. */
function readBootstrap(): RespondentBootstrap | undefined {
  try {
    const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
    return text ? (JSON.parse(text) as RespondentBootstrap) : undefined;
  } catch {
    return undefined;
  }
}

const container = document.getElementById('root');
if (container) {
  const bootstrap = readBootstrap();
  const app = (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <RespondentApp initialPath={window.location.pathname} bootstrap={bootstrap} />
      </ThemeProvider>
    </StrictMode>
  );
  // The server's HTML is already on screen (and its fields usable): hydrate it once the page's code is here.
  if (bootstrap && container.firstElementChild) {
    preloadPage(bootstrap).then(
      () => hydrateRoot(container, app),
      () => createRoot(container).render(app),
    );
  } else {
    createRoot(container).render(app);
  }
}
