import { useEffect, useState } from 'react';
import type { DashboardData, DashboardFilters } from '../../engine/definition/dashboard';
import type { DashboardSource } from './types';

/** The state of the data call for the current filters. */
export type DataState =
  | { status: 'idle' }
  /** `previous`: the last answer and the filters it was for, while a new one loads. */
  | { status: 'loading'; previous?: { filters: DashboardFilters; data: DashboardData } }
  /** `error`: what the data call threw. */
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; data: DashboardData };

interface Answer {
  key: string;
  data: DashboardData | null;
  error?: unknown;
}

/**
 * The server's reason when it refused the filters themselves (a 4xx with a message: a sector that
 * would single people out, a choice that no longer exists), as opposed to a failure to answer.
 */
export function refusalOf(error: unknown): string | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && error instanceof Error && error.message ? error.message : undefined;
}

/** The filters part of a call's key (`{generation}` and a line break before it). */
const filtersText = (key: string) => key.slice(key.indexOf('\n') + 1);
const filtersOf = (key: string) => JSON.parse(filtersText(key)) as DashboardFilters;

/**
 * Loads a view's data whenever its filters change, or `generation` does (a live view's refresh: the
 * same filters asked again, what is shown staying until the answer comes); `filters` null means "not
 * yet" (a required filter is missing, or a company user's company is not known yet). An answer for
 * filters no longer chosen is dropped, so a slow stale call never overwrites a newer one. `onFailure`
 * runs once per failed call; a failed refresh keeps the data of the same filters on screen.
 */
export function useDashboardData(
  source: DashboardSource,
  dashboardId: number,
  filters: DashboardFilters | null,
  onFailure: (error: unknown) => void,
  generation = 0,
): DataState {
  const key = filters === null ? null : `${generation}\n${JSON.stringify(filters)}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    source.data(dashboardId, filtersOf(key)).then(
      (data) => {
        if (live) setAnswer({ key, data });
      },
      (error: unknown) => {
        if (!live) return;
        // A refresh of the same filters that failed keeps what is shown (the failure is still told).
        setAnswer((previous) => ({ key, data: previous?.data && filtersText(previous.key) === filtersText(key) ? previous.data : null, error }));
        onFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [source, dashboardId, key, onFailure]);

  if (key === null) return { status: 'idle' };
  if (answer?.key !== key) {
    return answer?.data ? { status: 'loading', previous: { filters: filtersOf(answer.key), data: answer.data } } : { status: 'loading' };
  }
  return answer.data ? { status: 'loaded', data: answer.data } : { status: 'failed', error: answer.error };
}
