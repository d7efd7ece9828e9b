import { useCallback, useEffect, useState } from 'react';

/**
 * A view's live refresh (`refresh` seconds of its definition): a number that grows every `seconds`
 * while the page is in sight and `active` (its data is shown), and at once when `refreshNow` is called.
 * The data call is made again whenever the number changes; a hidden tab asks for nothing, and catches
 * up as soon as it is in sight again.
 */
export function useLiveRefresh(seconds: number | undefined, active: boolean): { generation: number; refreshNow(): void } {
  const [generation, setGeneration] = useState(0);
  const refreshNow = useCallback(() => setGeneration((current) => current + 1), []);
  useEffect(() => {
    if (seconds === undefined || !active) return;
    let missed = false;
    const tick = () => {
      if (document.visibilityState === 'visible') refreshNow();
      else missed = true;
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !missed) return;
      missed = false;
      refreshNow();
    };
    const timer = setInterval(tick, seconds * 1000);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [seconds, active, refreshNow]);
  return { generation, refreshNow };
}
