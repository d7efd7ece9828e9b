/**
 * The toaster lives in a root of its own that outlives every test (renderer/Toaster.tsx), mounted when
 * the first toast asks for it. A toast still
 * on screen when a file ends would fire its auto-hide timer after jsdom is gone ("window is not
 * defined"), and a toast of one test would be found by the next: so each test closes what is left and
 * waits for it to leave. Closing shows the toasts
 * queued behind the open ones (notistack shows three at a time), so it closes until none is left.
 */
import { waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(async () => {
  // A toast asked for at the test's end mounts its toaster a few ticks later (the module loads on the
  // first toast): wait for it, or it would mount after the file's jsdom is gone.
  const { toasterMounted } = await import('../../renderer/toast.ts');
  await toasterMounted();
  if (!document.querySelector('.notistack-SnackbarContainer')) return;
  const { closeSnackbar } = await import('notistack');
  await waitFor(
    () => {
      if (document.querySelector('.notistack-Snackbar')) {
        closeSnackbar();
        throw new Error('toasts still leaving');
      }
    },
    { timeout: 5000 },
  );
});
