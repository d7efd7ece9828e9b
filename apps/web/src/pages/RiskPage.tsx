import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages } from '../../../../engine/messages';
import { useApiData } from '../api/useApiData';
import { ScreenCompanyChoice, useScreenCompany } from '../components/CompanyPicker';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { ClearSeverityDialog } from './risk/ClearSeverityDialog';
import { ExposureGroupSection } from './risk/ExposureGroupSection';
import { FactorList, type FactorActionHandlers } from './risk/FactorList';
import { riskPath } from './risk/riskApi';
import { ReviewSection } from './risk/ReviewSection';
import { RiskMatrixSection } from './risk/RiskMatrixSection';
import type { RiskFactorView, RiskView } from './risk/riskTypes';
import { SeverityDialog, type SeverityTarget } from './risk/SeverityDialog';

const text = messages.screenRisk;

/** The view with one factor replaced by its saved state. */
function withFactor(view: RiskView, type: number, factor: RiskFactorView): RiskView {
  return {
    ...view,
    questionnaires: view.questionnaires.map((questionnaire) =>
      questionnaire.type !== type ? questionnaire : { ...questionnaire, factors: questionnaire.factors.map((item) => (item.id === factor.id ? factor : item)) },
    ),
  };
}

/**
 * Matriz de risco e severidades (/riscos, NR-1, issue 27): a company's risk matrix and the severity of each
 * psychosocial risk factor, with its reason. An administrator (the consultant) picks the company and
 * sets or clears each severity; a company user sees its own, read-only. Below, the company's exposure
 * groups (staff define them) and the review of the assessment.
 */
export default function RiskPage() {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const screen = useScreenCompany();
  const { isAdmin, companyId } = screen;
  const { data, loading, error, reload } = useApiData<RiskView>(companyId === null ? null : riskPath(companyId));
  // Saves change rows in place: kept with the load they apply to, so a reload or another company drops them.
  const [patched, setPatched] = useState<{ base: RiskView; view: RiskView } | null>(null);
  const view = data && patched?.base === data ? patched.view : data;
  const [editing, setEditing] = useState<SeverityTarget | null>(null);
  const [clearing, setClearing] = useState<SeverityTarget | null>(null);

  const update = (type: number, factor: RiskFactorView) => {
    if (!data || !view) return;
    setPatched({ base: data, view: withFactor(view, type, factor) });
  };
  const actions: FactorActionHandlers | undefined =
    isAdmin && companyId !== null
      ? {
          onEdit: (questionnaire, factor) => setEditing({ companyId, questionnaire, factor }),
          onClear: (questionnaire, factor) => setClearing({ companyId, questionnaire, factor }),
        }
      : undefined;
  const showView = companyId !== null;

  return (
    <PageBody>
      <PageHeader title={text.title}>
        {showView && (
          <Button variant="outlined" color="inherit" onClick={reload} disabled={loading}>
            {text.refresh}
          </Button>
        )}
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.about}
      </Typography>
      <ScreenCompanyChoice screen={screen} text={text} />
      {showView && loading && <Loading />}
      {showView && error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
      {showView && view && !error && (
        <>
          <RiskMatrixSection matrix={view.matrix} own={view.own} />
          <Box component="section" aria-labelledby="risk-factors-heading">
            <Typography id="risk-factors-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
              {text.factorsHeading}
            </Typography>
            {!isAdmin && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {text.readOnly}
              </Typography>
            )}
            {view.questionnaires.length === 0 ? (
              <Typography sx={{ my: 3 }}>{text.empty}</Typography>
            ) : (
              view.questionnaires.map((questionnaire) => (
                <Box component="section" key={questionnaire.type} aria-labelledby={`risk-questionnaire-${questionnaire.type}`} sx={{ mb: 3 }}>
                  <Typography id={`risk-questionnaire-${questionnaire.type}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                    {questionnaire.title}
                  </Typography>
                  <FactorList matrix={view.matrix} questionnaire={questionnaire} actions={actions} cards={phone} />
                </Box>
              ))
            )}
          </Box>
          <ExposureGroupSection companyId={companyId} canEdit={isAdmin} cards={phone} />
          <ReviewSection companyId={companyId} canRecord={isAdmin} questionnaires={view.questionnaires.map(({ type, title }) => ({ type, title }))} />
        </>
      )}
      {editing && view && (
        <SeverityDialog target={editing} matrix={view.matrix} onClose={() => setEditing(null)} onSaved={(factor) => update(editing.questionnaire.type, factor)} />
      )}
      <ClearSeverityDialog target={clearing} onClose={() => setClearing(null)} onCleared={(factor) => clearing && update(clearing.questionnaire.type, factor)} />
    </PageBody>
  );
}
