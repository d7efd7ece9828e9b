import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DashboardDefinition } from '../../../../engine/definition/dashboard';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types';
import { messages } from '../../../../engine/messages';
import { DashboardView } from '../../../../renderer/dashboard/DashboardView';
import type { DashboardSource } from '../../../../renderer/dashboard/types';
import { listCompanies, listSectors, scoredRows } from '../api/endpoints';
import { getUser } from '../auth/session';
import { catalog } from '../catalog';

// Definitions reach the browser already validated by the build's definition check, so they are typed here.
const dashboardFiles = import.meta.glob<DashboardDefinition>('../../../../definitions/dashboards/*.json', { import: 'default' });
const questionnaireFiles = import.meta.glob<QuestionnaireDefinition>('../../../../definitions/questionnaires/*.json', {
  import: 'default',
});

const source: DashboardSource = { companies: listCompanies, sectors: listSectors, rows: scoredRows };

interface Loaded {
  id: string;
  dashboard?: DashboardDefinition;
  questionnaire?: QuestionnaireDefinition;
}

/** Loads a dashboard spec and the questionnaire of its evaluation type; `dashboard` is absent when unknown. */
async function loadDashboard(id: string): Promise<Loaded> {
  const loadSpec = dashboardFiles[`../../../../definitions/dashboards/${id}.json`];
  if (!loadSpec) return { id };
  const dashboard = await loadSpec();
  const entry = catalog.types.find((type) => type.type === dashboard.evaluationType);
  const loadQuestionnaire = entry?.definition
    ? questionnaireFiles[`../../../../definitions/questionnaires/${entry.definition}.json`]
    : undefined;
  const questionnaire = loadQuestionnaire ? await loadQuestionnaire() : undefined;
  return { id, dashboard, questionnaire };
}

/** `/dash/:id`: the results dashboard of the id, inside the layout. */
export default function DashboardPage() {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    loadDashboard(id).then(
      (result) => live && setLoaded(result),
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
  return (
    <DashboardView
      key={id}
      dashboard={loaded.dashboard}
      questionnaire={loaded.questionnaire}
      accountType={getUser()?.type_account}
      source={source}
    />
  );
}
