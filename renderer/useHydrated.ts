import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is the server's HTML (on the server, and during the browser's hydration
 * render), true once React runs the page: for what only works with the script (a dialog's buttons).
 * A page rendered in the browser from the start is hydrated at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
