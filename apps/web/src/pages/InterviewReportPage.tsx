import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { interview360 } from '../../../../engine/interview/interview360';
import { format, messages } from '../../../../engine/messages';
import type { Company } from '../api/endpoints';
import { consolidatedPath, type ConsolidatedInterviewData, evaluatorsPath, type InterviewEvaluatorRow, type InterviewRated, ratedPath } from '../api/interview';
import { useApiData } from '../api/useApiData';
import { getUser } from '../auth/session';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { EvaluatorsTable } from './interview/EvaluatorsTable';
import { keepNewest } from './interview/filterChoice';
import { FilterSelect } from './interview/FilterSelect';
import { InterviewChart, InterviewChartTable } from './interview/InterviewChart';
import { PrintDialog } from './interview/PrintDialog';
import { isAdministrator } from '../../../../engine/accounts';

const m = messages.screenInterview;

/**
 * The evaluator row chosen for one rated person: none at first, then the one last picked (like the
 * other filters of the screen, the multi-select keeps only the newly chosen value: administration.md 5).
 * It picks the row of the evaluators' table (its status, and 'Avaliar'); the chart and the printed
 * report consolidate every finished interview of the rated person, as the consolidated call of the
 * specification takes only the rated person (administration.md 7).
 */
interface EvaluatorChoice {
  ratedId: string;
  ids: string[];
}

/**
 * The 360-by-interview report (/{hash}, /entrevista360 from the menu): Empresa (administrators),
 * Avaliado and Avaliador filters, the chosen evaluator's row, the bar chart consolidating the rated
 * person's finished interviews, and printing.
 */
export default function InterviewReportPage() {
  const user = getUser();
  const admin = isAdministrator(user?.type_account);
  const [companyChoice, setCompanyChoice] = useState<string[]>([]);
  const [ratedChoice, setRatedChoice] = useState<string[]>([]);
  const [evaluatorChoice, setEvaluatorChoice] = useState<EvaluatorChoice>({ ratedId: '', ids: [] });
  const [printOpen, setPrintOpen] = useState(false);
  const [chartElement, setChartElement] = useState<HTMLDivElement | null>(null);

  const companyId = admin ? companyChoice[0] : user?.company_id != null ? String(user.company_id) : undefined;
  const ratedId = ratedChoice[0];

  const companies = useApiData<Company[]>(admin ? '/companies' : null);
  const rated = useApiData<InterviewRated[]>(companyId ? ratedPath(companyId) : null);
  const evaluators = useApiData<InterviewEvaluatorRow[]>(ratedId ? evaluatorsPath(ratedId) : null);

  // A failed company or evaluator list is silently empty (administration.md 8).
  const companyOptions = (companies.error ? [] : (companies.data ?? [])).map((company) => ({ id: String(company.id), label: company.commercial_name }));
  const ratedOptions = (rated.data ?? []).map((person) => ({ id: String(person.id), label: person.name }));
  const evaluatorRows = evaluators.error || !ratedId ? [] : (evaluators.data ?? []);
  const evaluatorOptions = evaluatorRows.map((row) => ({
    id: row.id,
    label: row.evaluator_id === row.rated_id ? format(m.selfSuffix, { name: row.evaluator }) : row.evaluator,
  }));
  const chosenIds = evaluatorChoice.ratedId === ratedId ? evaluatorChoice.ids : [];
  const chosenRows = evaluatorRows.filter((row) => chosenIds.includes(row.id));

  // Every evaluator's finished interview (no evaluator list: all of them).
  const consolidated = useApiData<ConsolidatedInterviewData>(ratedId ? consolidatedPath(ratedId, []) : null);
  const data = consolidated.data && consolidated.data.rated_id === Number(ratedId) && !consolidated.error ? consolidated.data : undefined;
  const hasData = !consolidated.loading && data !== undefined && data.count > 0;
  const ratedName = ratedOptions.find((option) => option.id === ratedId)?.label ?? data?.rated_name ?? '';

  // The form opens in another tab: coming back to this one shows the statuses and grades saved there.
  const { reload: reloadEvaluators } = evaluators;
  const { reload: reloadConsolidated } = consolidated;
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') {
        reloadEvaluators();
        reloadConsolidated();
      }
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [reloadEvaluators, reloadConsolidated]);

  return (
    <PageBody>
      <PageHeader title={interview360.title}>
        <Button variant="contained" disabled={!hasData} onClick={() => setPrintOpen(true)}>
          {m.print}
        </Button>
      </PageHeader>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {admin && (
          <FilterSelect
            label={m.company}
            options={companyOptions}
            value={companyChoice}
            loading={companies.loading}
            onChange={(ids) => {
              setCompanyChoice((previous) => keepNewest(previous, ids));
              setRatedChoice([]);
            }}
          />
        )}
        <FilterSelect
          label={m.rated}
          options={ratedOptions}
          value={ratedChoice}
          loading={rated.loading}
          disabled={!companyId}
          onChange={(ids) => setRatedChoice((previous) => keepNewest(previous, ids))}
        />
        <FilterSelect
          label={m.evaluator}
          options={evaluatorOptions}
          value={chosenIds}
          loading={evaluators.loading}
          disabled={!ratedId}
          onChange={(ids) => setEvaluatorChoice({ ratedId: ratedId ?? '', ids: keepNewest(chosenIds, ids) })}
        />
      </Stack>
      {rated.error && <LoadError message={rated.error} onRetry={rated.reload} />}

      <EvaluatorsTable rows={chosenRows} canEvaluate={admin} loading={evaluators.loading} />

      <Paper variant="outlined" component="section" aria-labelledby="interview-chart-title" sx={{ mt: 3, p: { xs: 1.5, sm: 2 } }}>
        <Typography id="interview-chart-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {m.chartTitle}
        </Typography>
        {!ratedId ? (
          <Alert severity="info">{m.chooseRated}</Alert>
        ) : consolidated.error ? (
          <LoadError message={consolidated.error} onRetry={consolidated.reload} />
        ) : data === undefined ? (
          <Loading />
        ) : data.count === 0 ? (
          <Alert severity="info">{m.noFinished}</Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
              {format(m.consolidatedCount, { count: data.count })}
            </Typography>
            <InterviewChart ref={setChartElement} competencies={data.competencies} ratedName={ratedName} />
            <InterviewChartTable competencies={data.competencies} />
          </>
        )}
      </Paper>

      {hasData && ratedId && (
        <PrintDialog
          open={printOpen}
          onClose={() => setPrintOpen(false)}
          ratedId={Number(ratedId)}
          ratedName={ratedName}
          evaluatorIds={[]}
          chart={chartElement}
        />
      )}
    </PageBody>
  );
}
