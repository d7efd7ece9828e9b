import { useCallback, useEffect, useState } from 'react';
import { errorMessage, request } from './client';

/** What `useApiData` gives a screen: the data, the loading and error states, and a reload. */
export interface ApiData<T> {
  /** The last data loaded (kept while a reload runs). */
  data: T | undefined;
  loading: boolean;
  /** The Portuguese message of a failed load, or null. */
  error: string | null;
  reload(): void;
}

interface Result<T> {
  key: string;
  data: T | undefined;
  error: string | null;
}

/**
 * Loads `GET /api{path}` (skipped while `path` is null) and reloads on demand; a newer load or an
 * unmount discards the answer of an older one.
 */
export function useApiData<T>(path: string | null): ApiData<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const key = path === null ? null : `${version}:${path}`;
  useEffect(() => {
    if (path === null || key === null) return;
    const controller = new AbortController();
    request<T>(path, { signal: controller.signal }).then(
      (data) => setResult({ key, data, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setResult((previous) => ({ key, data: previous?.data, error: errorMessage(failure) }));
      },
    );
    return () => controller.abort();
  }, [path, key]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = result !== null && result.key === key;
  return { data: result?.data, loading: key !== null && !current, error: current ? result.error : null, reload };
}
