import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../engine/messages';
import { errorMessage } from '../api/client';
import type { RegistrationData } from '../../../server/src/contract/registration';
import { loadRegistration, RowsError, saveRegistration } from '../api/registry';
import { Loading } from '../components/PageStates';
import { LogoMark } from '../icons';
import { useToast } from '../toast';
import { NamesPanel, newRowFieldId, WorkersPanel } from './registry/RegistrationPanels';
import { choices, newRowCount, noNewRows, saveBody, tabsWithErrors, type NewRows, type NewWorker } from './registry/registrationRows';
import { AddIcon } from './registry/registryIcons';

const text = messages.screenRegistry;
const TABS = ['sectors', 'positions', 'workers'] as const;
type TabKind = (typeof TABS)[number];
const tabLabels: Record<TabKind, string> = { sectors: text.tabSectors, positions: text.tabPositions, workers: text.tabWorkers };

/** The page's frame: the yellow header with the product's name, then the content. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 3 }, py: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <LogoMark aria-hidden />
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {messages.common.appName}
        </Typography>
      </Box>
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * Public company registration (/company/register/{transaction}), no sign-in: the company's sectors,
 * positions and employees; saved rows are read-only, new rows are typed here and saved together.
 */
export default function RegistrationPage() {
  const { transaction = '' } = useParams();
  const toast = useToast();
  const [data, setData] = useState<RegistrationData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState<TabKind>('sectors');
  const [rows, setRows] = useState<NewRows>(noNewRows);
  const [errors, setErrors] = useState<{ message: string; rows: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const nextKey = useRef(0);

  useEffect(() => {
    let live = true;
    loadRegistration(transaction).then(
      (loaded) => {
        if (!live) return;
        setData(loaded);
        setLoadError(null);
      },
      (failure: unknown) => {
        if (!live) return;
        const message = errorMessage(failure);
        setLoadError(message);
        toast.error(message);
      },
    );
    return () => {
      live = false;
    };
  }, [transaction, version, toast]);

  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId]);

  const sectorChoices = useMemo(() => choices(data?.sectors.map((row) => row.sector_name) ?? [], rows.sectors), [data, rows.sectors]);
  const positionChoices = useMemo(() => choices(data?.positions.map((row) => row.position_name) ?? [], rows.positions), [data, rows.positions]);

  const edit = useCallback((update: (old: NewRows) => NewRows) => setRows(update), []);

  function addRow() {
    const key = nextKey.current++;
    const worker: NewWorker = { key, name: '', email: '', phone: '', sector: '', position: '' };
    edit((old) =>
      tab === 'workers' ? { ...old, workers: [...old.workers, worker] } : { ...old, [tab]: [...old[tab], { key, name: '' }] },
    );
    setFocusId(newRowFieldId(tab, key));
  }

  function removeRow(kind: TabKind, key: number) {
    edit((old) => ({ ...old, [kind]: (old[kind] as { key: number }[]).filter((row) => row.key !== key) }));
  }

  async function save() {
    if (!data) return;
    if (newRowCount(rows) === 0) {
      toast.info(text.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveRegistration(saveBody(transaction, data, rows));
      toast.success(saved.message || messages.registration.saved);
      setRows(noNewRows);
      setErrors(null);
      // The spec reloads after a save (administration.md 4): the new rows come back read-only.
      setVersion((n) => n + 1);
    } catch (failure) {
      const message = errorMessage(failure);
      const rowErrors = failure instanceof RowsError ? failure.errors : [];
      setErrors({ message, rows: rowErrors });
      toast.error(message);
      const withErrors = tabsWithErrors(rowErrors, rows);
      if (withErrors.length > 0 && !withErrors.includes(tab)) setTab(withErrors[0]!);
    } finally {
      setSaving(false);
    }
  }

  if (loadError && !data) {
    return (
      <Frame>
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle component="h1">{text.linkProblemTitle}</AlertTitle>
          {loadError}
        </Alert>
      </Frame>
    );
  }
  if (!data) {
    return (
      <Frame>
        <Loading />
      </Frame>
    );
  }

  const pending = newRowCount(rows);
  return (
    <Frame>
      <Typography variant="overline" component="p" color="text.secondary">
        {text.registrationTitle}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
        {data.company.commercial_name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text.registrationIntro}
      </Typography>
      {errors && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{errors.message}</AlertTitle>
          {errors.rows.length > 0 && (
            <>
              {text.saveErrorsTitle}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {errors.rows.map((row) => (
                  <li key={row}>{row}</li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_, value: TabKind) => setTab(value)} aria-label={text.registrationTabs} variant="fullWidth" textColor="inherit">
          {TABS.map((kind) => (
            <Tab
              key={kind}
              value={kind}
              label={tabLabels[kind]}
              id={`registration-tab-${kind}`}
              aria-controls={`registration-panel-${kind}`}
              // The yellow brand colour is too light for text: the chosen tab is marked by weight and the bar.
              sx={{ opacity: 1, px: 1, minWidth: 0, textTransform: 'none', fontSize: '0.95rem', color: 'text.secondary', '&.Mui-selected': { color: 'text.primary', fontWeight: 700 } }}
            />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', px: { xs: 1.5, sm: 2 }, py: 1.5, borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Button variant="outlined" color="error" onClick={() => toast.warning(text.notImplemented)} disabled={saving}>
            {text.delete}
          </Button>
          <Button variant="outlined" color="inherit" startIcon={<AddIcon />} onClick={addRow} disabled={saving}>
            {text.addNew}
          </Button>
          <Button variant="contained" onClick={save} disabled={saving}>
            {saving ? text.saving : text.save}
          </Button>
          {pending > 0 && (
            <Typography role="status" variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
              {format(text.unsavedCount, { count: pending })}
            </Typography>
          )}
        </Box>
        {saving && <LinearProgress aria-label={text.saving} />}
        <Box role="tabpanel" id={`registration-panel-${tab}`} aria-labelledby={`registration-tab-${tab}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {tab === 'workers' ? (
            <WorkersPanel
              saved={data.workers}
              added={rows.workers}
              sectorChoices={sectorChoices}
              positionChoices={positionChoices}
              errors={errors?.rows ?? []}
              onChange={(key, field, value) =>
                edit((old) => ({ ...old, workers: old.workers.map((row) => (row.key === key ? { ...row, [field]: value } : row)) }))
              }
              onRemove={(key) => removeRow('workers', key)}
            />
          ) : (
            <NamesPanel
              key={tab}
              kind={tab}
              saved={tab === 'sectors' ? data.sectors.map((row) => row.sector_name) : data.positions.map((row) => row.position_name)}
              added={rows[tab]}
              errors={errors?.rows ?? []}
              onChange={(key, name) => edit((old) => ({ ...old, [tab]: old[tab].map((row) => (row.key === key ? { ...row, name } : row)) }))}
              onRemove={(key) => removeRow(tab, key)}
            />
          )}
        </Box>
      </Paper>
    </Frame>
  );
}
