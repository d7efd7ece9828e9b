import { useCallback, useEffect, useState } from 'react';
import { errorMessage, request } from './client';

/** What `useApiData` gives a screen: the data, the loading and error states, and a reload. */
export interface ApiData<T> {
  data: T | undefined;
  loading: boolean;
  /** The Portuguese message of a failed load, or null. */
  error: string | null;
  reload(): void;
}

/**
 * Loads `GET /api{path}` (skipped while `path` is null) and reloads on demand; a newer load or an
 * unmount discards the answer of an older one.
 */
export function useApiData<T>(path: string | null): ApiData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    request<T>(path, { signal: controller.signal })
      .then((value) => {
        setData(value);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(failure));
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { data, loading, error, reload };
}
