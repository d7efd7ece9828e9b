import { useEffect, useState } from 'react';
import type { DashboardFilters } from '../../engine/definition/dashboard';
import type { DashboardSource, FilterField, FilterOption } from './types';

interface Answer {
  key: string;
  options: FilterOption[];
}

/**
 * The choices of one filter given the higher filters chosen (`higher`), loaded when the component
 * mounts (the dialog opens) and again when a higher choice changes; null while loading. `higher` null
 * means the filter waits for a higher one and nothing is asked. A failure leaves no choices and runs
 * `onFailure`.
 */
export function useFilterOptions(
  source: DashboardSource,
  dashboardId: number,
  field: FilterField,
  higher: DashboardFilters | null,
  onFailure: (error: unknown) => void,
): FilterOption[] | null {
  const key = higher === null ? null : JSON.stringify(higher);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    source.options(dashboardId, field, JSON.parse(key) as DashboardFilters).then(
      (options) => {
        if (live) setAnswer({ key, options });
      },
      (error: unknown) => {
        if (!live) return;
        setAnswer({ key, options: [] });
        onFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [source, dashboardId, field, key, onFailure]);

  if (key === null) return [];
  return answer?.key === key ? answer.options : null;
}
