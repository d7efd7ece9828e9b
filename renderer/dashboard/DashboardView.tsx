import { useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import type { DashboardDefinition, DashboardWidget, ScoredRow } from '../../engine/definition/dashboard';
import type { QuestionnaireDefinition } from '../../engine/definition/types';
import { format, messages } from '../../engine/messages';
import { FilterBar } from './FilterBar';
import type { CompanyOption, DashboardSource, ResultsFilter, SectorOption, WidgetData } from './types';
import { widgetRegistry } from './widgets/registry';
import { isCompanyUser } from '../../engine/accounts.ts';

/** Account type of company users: their company is preset and the company filter hidden. */

interface DashboardViewProps {
  /** The view's spec (`definitions/dashboards/{id}.json`). */
  dashboard: DashboardDefinition;
  /** The questionnaire of the view's evaluation type: scores and bands. */
  questionnaire?: QuestionnaireDefinition;
  /** The signed-in user's `type_account`. */
  accountType: number | undefined;
  /** Data calls. */
  source: DashboardSource;
}

function failure(error: unknown): string {
  return error instanceof Error && error.message ? error.message : messages.common.serverError;
}

/** One widget, drawn by the component its kind maps to in the registry. */
function WidgetSlot({ widget, ...data }: { widget: DashboardWidget } & WidgetData) {
  // The registry pairs each kind with its props; TypeScript cannot correlate the union here.
  const Component = widgetRegistry[widget.kind] as ComponentType<{ widget: DashboardWidget } & WidgetData>;
  return <Component widget={widget} {...data} />;
}

/** A results dashboard: title, filters, then the spec's widgets over the scored respondents. */
export function DashboardView({ dashboard, questionnaire, accountType, source }: DashboardViewProps) {
  const { enqueueSnackbar } = useSnackbar();
  const lockedCompany = isCompanyUser(accountType);
  const showCompany = dashboard.filters.includes('company') && !lockedCompany;
  const showSector = dashboard.filters.includes('sector');
  const needCompanies = showCompany || lockedCompany;

  const [companies, setCompanies] = useState<CompanyOption[] | null>(null);
  const [chosenCompany, setChosenCompany] = useState<CompanyOption | null>(null);
  const [sectorList, setSectorList] = useState<{ companyId: string; sectors: SectorOption[] } | null>(null);
  const [sectorId, setSectorId] = useState('');
  const [result, setResult] = useState<{ key: string; rows: ScoredRow[] | null } | null>(null);

  useEffect(() => {
    if (!needCompanies) return;
    let live = true;
    source.companies().then(
      (list) => live && setCompanies(list),
      (error: unknown) => {
        if (!live) return;
        setCompanies([]);
        enqueueSnackbar(failure(error), { variant: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [source, needCompanies, enqueueSnackbar]);

  const company = lockedCompany ? (companies?.[0] ?? null) : chosenCompany;
  const companyId = company ? String(company.id) : '';

  useEffect(() => {
    if (!showSector || companyId === '') return;
    let live = true;
    source.sectors(companyId).then(
      (sectors) => live && setSectorList({ companyId, sectors }),
      (error: unknown) => {
        if (!live) return;
        setSectorList({ companyId, sectors: [] });
        enqueueSnackbar(failure(error), { variant: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [source, showSector, companyId, enqueueSnackbar]);

  const sectors = sectorList?.companyId === companyId ? sectorList.sectors : [];
  const sector = sectors.find((candidate) => String(candidate.id) === sectorId);
  // A company user waits for its own company before asking for results.
  const waiting = lockedCompany && companies === null;
  const filter: ResultsFilter = {
    type_evaluation: dashboard.evaluationType,
    ...(company ? { company_id: company.id } : {}),
    ...(company && sector ? { sector_id: sector.id } : {}),
  };
  const key = waiting ? '' : JSON.stringify(filter);

  useEffect(() => {
    if (key === '') return;
    let live = true;
    source.rows(JSON.parse(key) as ResultsFilter).then(
      (rows) => live && setResult({ key, rows }),
      () => {
        if (!live) return;
        setResult({ key, rows: null });
        enqueueSnackbar(messages.dashboard.loadFailed, { variant: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [source, key, enqueueSnackbar]);

  const loading = key === '' || result?.key !== key;
  const rows = loading ? null : (result?.rows ?? null);
  const classification = questionnaire?.scoring?.classification;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {dashboard.title}
      </Typography>
      {(showCompany || showSector) && (
        <FilterBar
          companies={showCompany ? companies : undefined}
          company={company}
          onCompanyChange={(value) => {
            setChosenCompany(value);
            setSectorId('');
          }}
          sectors={showSector ? sectors : undefined}
          sectorId={sector ? sectorId : ''}
          onSectorChange={setSectorId}
          sectorDisabled={!company}
        />
      )}
      <Box aria-live="polite" aria-busy={loading}>
        {loading && (
          <Box aria-label={messages.dashboard.loading} role="progressbar">
            <Skeleton variant="rounded" height={320} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={160} />
          </Box>
        )}
        {!loading && rows === null && <Typography color="error">{messages.dashboard.loadFailed}</Typography>}
        {rows !== null && rows.length === 0 && (
          <Paper sx={{ p: 3 }}>
            <Typography>{dashboard.empty}</Typography>
          </Paper>
        )}
        {rows !== null && rows.length > 0 && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {format(messages.dashboard.respondents, { n: rows.length })}
            </Typography>
            {dashboard.widgets.map((widget, index) => (
              <Paper key={`${widget.kind}-${index}`} component="section" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {widget.title}
                </Typography>
                <WidgetSlot widget={widget} rows={rows} classification={classification} />
              </Paper>
            ))}
          </>
        )}
      </Box>
    </Box>
  );
}
