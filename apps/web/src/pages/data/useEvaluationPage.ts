import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import type { EvaluationPage } from '../../../../server/src/contract/evaluations';
import { findEvaluations, type EvaluationFilter } from '../../api/data';

/** The page of the grid (0-based) and its size. */
export interface PageModel {
  page: number;
  pageSize: number;
}

interface Result {
  key: string;
  data: EvaluationPage | undefined;
  error: string | null;
}

/**
 * Loads one page of `POST /api/evaluation/find` for the filters (server-side paging); a newer load
 * discards the answer of an older one, and the last rows stay on screen while the next page loads.
 */
export function useEvaluationPage(filter: EvaluationFilter, model: PageModel) {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const key = `${version}:${JSON.stringify(filter)}:${model.page}:${model.pageSize}`;
  useEffect(() => {
    const controller = new AbortController();
    findEvaluations(filter, model.pageSize, model.page * model.pageSize, controller.signal).then(
      (data) => setResult({ key, data, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setResult((previous) => ({ key, data: previous?.data, error: errorMessage(failure) }));
      },
    );
    return () => controller.abort();
    // `key` carries the filter, the page and the version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = result !== null && result.key === key;
  return { data: result?.data, loading: !current, error: current ? result.error : null, reload };
}
