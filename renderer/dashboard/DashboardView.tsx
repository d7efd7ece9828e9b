import { useCallback, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isAdministrator, isCompanyUser } from '../../engine/accounts.ts';
import { startsOnFirst } from '../../engine/filters';
import type { Condition, DashboardData, DashboardDefinition } from '../../engine/definition/dashboard';
import { format, messages } from '../../engine/messages';
import { AccountTypeContext } from './accountType';
import { ChartShelfContext, useChartShelf } from './chartShelf';
import { FilterBar } from './FilterBar';
import { EditionNotice, WithheldNotice } from './EditionNotice';
import { higherFilters, isChosen, pick as pickFilters, shownParents, toDashboardFilters, type ChosenFilters } from './filters';
import { FLOW, LayoutNodes } from './LayoutView';
import { LiveRefresh } from './LiveRefresh';
import { PrintDialog } from './PrintDialog';
import { RemindPending } from './RemindPending';
import { ReportPreview } from './ReportPreview';
import { saveFile } from '../saveFile';
import type { DashboardSource, FilterOption } from './types';
import { refusalOf, useDashboardData } from './useDashboardData';
import { useFilterOptions } from './useFilterOptions';
import { useLiveRefresh } from './useLiveRefresh';
import { closeToasts, staffToasts } from '../toast.ts';
import { useReportSending } from './useReportSending';

const m = messages.dashboard;

const NO_CONDITIONS: Condition[] = [];


interface DashboardViewProps {
  /** The view (`definitions/dashboards/{id}.json`). */
  dashboard: DashboardDefinition;
  /** The signed-in user's `type_account`. */
  accountType: number | undefined;
  /** Filter choices and data. */
  source: DashboardSource;
  /** The company (or 'Todas as empresas') staff chose on the dashboard before: chosen at first. Ignored by a company user and a view without the company filter. */
  initialCompany?: FilterOption | null;
  /** Called when staff choose another company option, or remove it (null), so that the next dashboard starts on it. */
  onCompanyChange?(option: FilterOption | null): void;
  /** Names of the questionnaires the view reads that are example instruments, not validated (`validated: false`). Default none. */
  unvalidated?: string[];
}

/** Whether the data leaves nothing to show: nobody in scope, or the view's `emptyWhen` dataset empty. */
export function isEmptyView(dashboard: DashboardDefinition, data: DashboardData): boolean {
  if (data.respondents === 0) return true;
  return dashboard.emptyWhen !== undefined && (data.datasets[dashboard.emptyWhen]?.rows.length ?? 0) === 0;
}

/**
 * Any results view, from its definition: title, 'Filtros' (a dialog of single-pick selects) and
 * 'Imprimir', then the layout's tabs, toggles, sections and widgets over the data the server computed
 * for the chosen filters.
 */
export function DashboardView({ dashboard, accountType, source, initialCompany, onCompanyChange, unvalidated = [] }: DashboardViewProps) {
  const failureText = dashboard.loadFailed;
  const onFailure = useCallback(
    (error: unknown) => {
      const detail = failureText?.withError && error instanceof Error && error.message ? `: ${error.message}` : '';
      staffToasts.error(`${failureText?.text ?? m.loadFailed}${detail}`);
    },
    [failureText],
  );
  const onImageFailure = useCallback(() => {
    staffToasts.error(m.imageFailed);
  }, []);

  // A company user is locked to its company: the company call answers only theirs.
  const companyLocked = isCompanyUser(accountType) && dashboard.filters.includes('company');
  const ownCompanies = useFilterOptions(source, dashboard.id, 'company', companyLocked ? {} : null, onFailure);
  const ownCompany = companyLocked ? ownCompanies?.[0] : undefined;
  // Staff choose a company, a course or 'Todas as empresas' before any data: a view never pools client
  // companies unless asked to. The one chosen on the dashboard before stays chosen.
  const choosesCompany = isAdministrator(accountType) && dashboard.filters.includes('company');
  const [picked, setPicked] = useState<ChosenFilters>(() => (choosesCompany && initialCompany ? { company: initialCompany } : {}));
  const chosenHere = useMemo(() => (ownCompany ? { ...picked, company: ownCompany } : picked), [picked, ownCompany]);
  // A filter the view starts on its first choice (the cycle: the latest round with answers), once its
  // higher filters are chosen and until something else is picked ('Todos os ciclos' pools them).
  const first = dashboard.filters.find(startsOnFirst);
  const firstParents = first ? shownParents(first, dashboard.filters) : [];
  const firstHigher =
    first && chosenHere[first] === undefined && firstParents.some((parent) => chosenHere[parent]) ? toDashboardFilters(pickFilters(chosenHere, higherFilters(first))) : null;
  const firstChoices = useFilterOptions(source, dashboard.id, first ?? 'company', firstHigher, onFailure);
  const firstChoice = first && firstHigher !== null ? firstChoices?.[0] : undefined;
  const settling = firstHigher !== null && firstChoices === null;
  const chosen = useMemo(() => (first && firstChoice ? { ...chosenHere, [first]: firstChoice } : chosenHere), [chosenHere, first, firstChoice]);
  // The chosen people, named in the titles of the sections about them.
  const chosenPeople = useMemo(() => ({ ...(chosen.colleague ? { colleague: chosen.colleague.label } : {}), ...(chosen.evaluated ? { evaluated: chosen.evaluated.label } : {}) }), [chosen]);
  const pick = (next: ChosenFilters) => {
    setPicked(next);
    if (choosesCompany && next.company !== chosen.company) onCompanyChange?.(next.company ?? null);
  };

  const waiting = (companyLocked && ownCompanies === null) || settling;
  const missing = dashboard.requires !== undefined && !isChosen(chosen, dashboard.requires.filter);
  const noCompany = choosesCompany && !isChosen(chosen, 'company');
  // The questionnaire version whose answers the numbers use, by type, where answers of several exist.
  const [editions, setEditions] = useState<Record<string, number>>({});
  const filters = waiting || missing || noCompany ? null : { ...toDashboardFilters(chosen), ...(Object.keys(editions).length > 0 ? { editions } : {}) };
  // The page of each paged table, for the filters it was chosen under (new filters start on page one).
  const filtersKey = filters === null ? null : JSON.stringify(filters);
  const [paged, setPaged] = useState<{ key: string | null; pages: Record<string, number> }>({ key: null, pages: {} });
  const pages = useMemo(() => (paged.key === filtersKey ? paged.pages : {}), [paged, filtersKey]);
  const request = filters === null || Object.keys(pages).length === 0 ? filters : { ...filters, pages };
  // A refused filter is not a failure: its reason is shown where the filters are, not as 'Erro ao buscar dados'.
  const onDataFailure = useCallback((error: unknown) => (refusalOf(error) ? undefined : onFailure(error)), [onFailure]);
  // A live view (an open round's participation) asks again on its own while in sight, or on 'Atualizar'.
  const { generation, refreshNow } = useLiveRefresh(dashboard.refresh, request !== null);
  const state = useDashboardData(source, dashboard.id, request, onDataFailure, generation);
  const [loadedAt, setLoadedAt] = useState<{ data: DashboardData; at: Date } | null>(null);
  if (state.status === 'loaded' && loadedAt?.data !== state.data) setLoadedAt({ data: state.data, at: new Date() });
  const refusal = state.status === 'failed' ? refusalOf(state.error) : undefined;
  const paging = useMemo(
    () => ({
      sizes: Object.fromEntries(Object.entries(dashboard.datasets).flatMap(([name, dataset]) => ('pageSize' in dataset && dataset.pageSize ? [[name, dataset.pageSize]] : []))),
      onPage: (dataset: string, page: number) => setPaged({ key: filtersKey, pages: { ...pages, [dataset]: page } }),
    }),
    [dashboard.datasets, filtersKey, pages],
  );
  const { charts, shelf } = useChartShelf();
  const printHintId = useId();
  const sendHintId = useId();
  const printBlocked = dashboard.printRequires !== undefined && !dashboard.printRequires.anyOf.some((filter) => (filter === 'course' ? chosen.course !== undefined : isChosen(chosen, filter)));
  const [printing, setPrinting] = useState(false);
  const confirmId = useId();
  // 'Enviar Relatório' sends the report of the chosen colleague (dashboard 7, the scanner).
  const sendTo = filters?.colleague_id;

  const { confirming, setConfirming, sending, send } = useReportSending(source, dashboard.id, sendTo);

  const [downloading, setDownloading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const loadReport = useCallback(() => source.report(dashboard.id, filters ?? {}), [source, dashboard.id, filtersKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // A failed report closes its panel (nothing would ever fill it) and says so.
  const onReportFailure = useCallback(() => {
    setPreviewing(false);
    staffToasts.error(m.reportFailed);
  }, []);

  async function downloadOnce() {
    setDownloading(true);
    try {
      await downloadReport();
    } finally {
      setDownloading(false);
    }
  }

  const exportFiles = (dashboard.exports ?? []).map((file, index) => ({ label: file.label, download: () => downloadReport(() => source.exportFile(dashboard.id, index, filters ?? {})) }));

  async function downloadReport(make = () => source.report(dashboard.id, filters ?? {})) {
    if (filters === null) return;
    try {
      const { blob, fileName } = await make();
      saveFile(blob, fileName);
      staffToasts.success(m.reportReady);
    } catch {
      staffToasts.error(m.reportFailed);
    }
  }

  // While new data loads (another page, another filter), the view keeps what it shows, marked busy:
  // the chosen tab and toggles stay where the user left them.
  const previous = state.status === 'loading' ? state.previous : undefined;
  const refreshing = previous !== undefined;
  const data = state.status === 'loaded' ? state.data : refreshing ? previous.data : null;
  const empty = data !== null && isEmptyView(dashboard, data);
  // Some views draw their widgets with no answers yet (the interview's evaluators, opened from its table).
  const drawn = data !== null && (!empty || dashboard.pending === true);
  const busy = waiting || state.status === 'loading';
  const canReport = filters !== null && data !== null && !empty && !busy && !printBlocked;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: ownCompany ? 0.5 : 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {dashboard.title}
      </Typography>
      {/* A company user has no company filter to read it from: whose results these are, under the title. */}
      {ownCompany && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
          {ownCompany.label}
        </Typography>
      )}
      {unvalidated.map((name) => (
        <Alert key={name} severity="info" sx={{ mb: 2 }}>
          {format(m.notValidated, { name })}
        </Alert>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <FilterBar
          dashboardId={dashboard.id}
          filters={dashboard.filters}
          source={source}
          chosen={chosen}
          companyLocked={companyLocked}
          onChange={pick}
          onFailure={onFailure}
          refusal={refusal}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          {dashboard.refresh !== undefined && filters !== null && <LiveRefresh loadedAt={loadedAt?.at} busy={busy} onRefresh={refreshNow} />}
          {dashboard.remindPending && (isAdministrator(accountType) || isCompanyUser(accountType)) && (
            <RemindPending source={source} cycleId={typeof filters?.cycle_id === 'number' ? filters.cycle_id : undefined} onReminded={refreshNow} />
          )}
          {printBlocked && (
            <Typography id={printHintId} variant="body2" color="text.secondary">
              {dashboard.printRequires!.hint}
            </Typography>
          )}
          {dashboard.sendReport && (
            <Button
              variant="outlined"
              color="secondary"
              disabled={sendTo === undefined || sending}
              aria-describedby={sendTo === undefined ? sendHintId : undefined}
              aria-haspopup="dialog"
              onClick={() => setConfirming(true)}
            >
              {m.sendReport}
            </Button>
          )}
          {dashboard.report?.downloadButton && (
            <Button variant="outlined" color="secondary" disabled={!canReport || downloading} onClick={() => void downloadOnce()}>
              {downloading ? m.generatingReport : dashboard.report.downloadButton}
            </Button>
          )}
          {dashboard.report?.previewButton && (
            <Button
              variant="outlined"
              color="secondary"
              aria-haspopup="dialog"
              disabled={!canReport}
              onClick={() => {
                // Toasts sit at the top right, over the full-screen panel's 'Fechar': the panel starts clear of them.
                closeToasts();
                setPreviewing(true);
              }}
            >
              {dashboard.report.previewButton}
            </Button>
          )}
          <Button
            variant="outlined"
            color="secondary"
            aria-haspopup="dialog"
            aria-describedby={printBlocked ? printHintId : undefined}
            disabled={data === null || empty || printBlocked || busy}
            onClick={() => setPrinting(true)}
          >
            {m.print}
          </Button>
          {dashboard.sendReport && sendTo === undefined && (
            <Typography id={sendHintId} variant="caption" color="text.secondary" sx={{ flexBasis: '100%', textAlign: 'right' }}>
              {m.sendHint}
            </Typography>
          )}
        </Box>
      </Box>
      <Box aria-busy={busy}>
        {missing && dashboard.requires ? (
          <Paper sx={{ p: 3 }}>
            <Typography>{dashboard.requires.hint}</Typography>
          </Paper>
        ) : (
          noCompany && (
            <Paper sx={{ p: 3 }}>
              <Typography>{m.chooseCompany}</Typography>
            </Paper>
          )
        )}
        {busy && refreshing && <LinearProgress aria-label={m.loading} sx={{ mb: 1 }} />}
        {busy && !refreshing && (
          <Box role="progressbar" aria-label={m.loading}>
            <Skeleton variant="rounded" height={320} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={160} />
          </Box>
        )}
        {refusal !== undefined && (
          <Alert severity="warning" role="alert">
            {refusal}
          </Alert>
        )}
        {state.status === 'failed' && refusal === undefined && <Typography color="error">{dashboard.loadFailed?.text ?? m.loadFailed}</Typography>}
        {empty && !drawn && (
          <Paper sx={{ p: 3 }}>
            {/* A group withheld for anonymity is not "no answers": say why nothing is shown. */}
            {data.withheld && data.withheld.length > 0 ? <WithheldNotice withheld={data.withheld} /> : <Typography>{dashboard.empty}</Typography>}
          </Paper>
        )}
        {drawn && (
          <AccountTypeContext.Provider value={accountType}>
            <ChartShelfContext.Provider value={shelf}>
              <EditionNotice editions={data.editions ?? []} onChoose={(type, major) => setEditions((current) => ({ ...current, [type]: major }))} />
              <WithheldNotice withheld={data.withheld ?? []} />
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {format(dashboard.respondentsLabel ?? (data.respondents === 1 ? m.respondent : m.respondents), { n: data.respondents })}
              </Typography>
              <Box sx={FLOW}>
                <LayoutNodes nodes={dashboard.layout} view={{ data, people: chosenPeople, title: dashboard.title, empty: dashboard.empty, narrow: NO_CONDITIONS, paging }} level={2} />
              </Box>
            </ChartShelfContext.Provider>
          </AccountTypeContext.Provider>
        )}
      </Box>
      <PrintDialog open={printing} onClose={() => setPrinting(false)} charts={charts} onImageFailure={onImageFailure} onReport={canReport ? () => downloadReport() : undefined} exports={exportFiles} />
      {dashboard.report?.previewButton && (
        <ReportPreview open={previewing} onClose={() => setPreviewing(false)} title={dashboard.report.previewButton} load={loadReport} onFailure={onReportFailure} />
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>{m.sendReport}</DialogTitle>
        <DialogContent>
          <DialogContentText>{m.sendConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="secondary" onClick={() => setConfirming(false)}>
            {m.sendNo}
          </Button>
          <Button variant="contained" color="secondary" onClick={() => void send()} autoFocus>
            {m.sendYes}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
