import { useCallback, useEffect, useRef, useState } from 'react';

/** The auto-save interval of the interview form (administration.md 9): 30 s. */
export const AUTO_SAVE_SECONDS = 30;

/** What `useAutoSave` gives the form: the toggle, and the seconds left before the next save. */
export interface AutoSave {
  enabled: boolean;
  secondsLeft: number;
  toggle(): void;
}

/**
 * The Sincronizar toggle: while on, a countdown calls `onElapsed` every `seconds` and restarts;
 * turning it off resets the counter (administration.md 4).
 */
export function useAutoSave(onElapsed: () => void, seconds: number = AUTO_SAVE_SECONDS): AutoSave {
  const [enabled, setEnabled] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const left = useRef(seconds);
  const callback = useRef(onElapsed);
  useEffect(() => {
    callback.current = onElapsed;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      left.current -= 1;
      if (left.current <= 0) {
        left.current = seconds;
        callback.current();
      }
      setSecondsLeft(left.current);
    }, 1000);
    return () => clearInterval(timer);
  }, [enabled, seconds]);
  const toggle = useCallback(() => {
    left.current = seconds;
    setSecondsLeft(seconds);
    setEnabled((value) => !value);
  }, [seconds]);
  return { enabled, secondsLeft, toggle };
}
