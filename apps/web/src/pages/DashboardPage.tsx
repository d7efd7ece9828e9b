import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DashboardDefinition } from '../../../../engine/definition/dashboard';
import { resolveDashboard } from '../../../../engine/definition/dashboardSource';
import { messages } from '../../../../engine/messages';
import { DashboardView } from '../../../../renderer/dashboard/DashboardView';
import type { DashboardSource } from '../../../../renderer/dashboard/types';
import { dashboardData, dashboardExport, dashboardOptions, dashboardReport, reportSendState, sendPersonReport } from '../api/endpoints';
import { cyclePending, remindCycle } from '../api/cycles';
import { getDashboardCompany, getUser, saveDashboardCompany } from '../auth/session';
import { viewAtPath } from '../layout/menu';
import { unvalidatedNames } from './dashboardInstruments';
import { sharedDefinition } from '../sharedDefinitions';

// Definitions reach the browser already validated by the build's definition check; each is its own
// chunk, loaded when its view opens.
const dashboardFiles = import.meta.glob<unknown>('../../../../definitions/dashboards/*.json', { import: 'default' });

const source: DashboardSource = { options: dashboardOptions, data: dashboardData, report: dashboardReport, exportFile: dashboardExport, sendReport: sendPersonReport, sendState: reportSendState, cyclePending, remindCycle };

interface Loaded {
  id: string;
  dashboard?: DashboardDefinition;
}

/** Loads a dashboard's definition; `dashboard` is absent when the id is unknown. */
async function loadDashboard(id: string): Promise<Loaded> {
  const load = /^-?\d+$/.test(id) ? dashboardFiles[`../../../../definitions/dashboards/${id}.json`] : undefined;
  if (!load) return { id };
  // `$ref`s (the 360 competencies in a filter) point at the shared files, repeats are copied out and
  // palette names made colours; the build checked all of it.
  const resolved = resolveDashboard(await load(), sharedDefinition);
  return { id, dashboard: resolved.ok ? resolved.value : undefined };
}

/**
 * `/dash/:id`: the results view of the id, inside the layout; with `ownRoute`, the view a route of its
 * own opens (`menu.path`: the 360-by-interview report's `/{hash}`).
 */
export default function DashboardPage({ ownRoute = false }: { ownRoute?: boolean }) {
  const params = useParams();
  const { pathname } = useLocation();
  const id = (ownRoute ? viewAtPath(pathname) : params.id) ?? '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [unvalidated, setUnvalidated] = useState<{ id: string; names: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    loadDashboard(id).then(
      (result) => {
        if (!live) return;
        setLoaded(result);
        // The notice of an example instrument follows the view: it never holds the view back.
        if (result.dashboard) unvalidatedNames(result.dashboard).then((names) => live && setUnvalidated({ id, names }), () => undefined);
      },
      () => live && setLoaded({ id }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (loaded?.id !== id) return <LinearProgress aria-label={messages.form.loading} />;
  if (!loaded.dashboard) {
    return (
      <Typography variant="h5" component="h1">
        {messages.dashboard.notFound}
      </Typography>
    );
  }
  // The company chosen on one dashboard stays chosen on the next (staff; the view ignores it otherwise).
  return (
    <DashboardView
      key={id}
      dashboard={loaded.dashboard}
      accountType={getUser()?.type_account}
      source={source}
      initialCompany={getDashboardCompany()}
      onCompanyChange={saveDashboardCompany}
      unvalidated={unvalidated?.id === id ? unvalidated.names : []}
    />
  );
}
