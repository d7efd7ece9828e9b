import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isOpenMeasure } from '../../../../engine/lifecycle/riskMeasures';
import { format, messages } from '../../../../engine/messages';
import type { Measure, MeasureList as MeasureListData, MeasureOptions } from '../../../server/src/contract/riskMeasures';
import { useApiData } from '../api/useApiData';
import { ScreenCompanyChoice, useScreenCompany } from '../components/CompanyPicker';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { measureOptionsPath, measuresPath } from './actionPlan/actionPlanApi';
import { MeasureDialog } from './actionPlan/MeasureDialog';
import { byFactor, MeasureList } from './actionPlan/MeasureList';

const text = messages.screenActionPlan;

/** What the dialog edits: a new measure (null) or one of the list. */
type Editing = { measure: Measure | null } | null;

/**
 * Plano de ação (/plano-de-acao, NR-1, issue 27): a company's measures against its psychosocial risk
 * factors, grouped by factor, with who, by when, status, the effectiveness check and its result, an
 * overdue one marked 'Atrasada', and the factor's level before and after. An administrator picks the
 * company, adds and edits measures; a company user reads its own company's plan.
 */
export default function ActionPlanPage() {
  const phone = useMediaQuery(useTheme().breakpoints.down('lg'));
  const screen = useScreenCompany();
  const { isAdmin, companyId } = screen;
  const { data, loading, error, reload } = useApiData<MeasureListData>(companyId === null ? null : measuresPath(companyId));
  const options = useApiData<MeasureOptions>(isAdmin && companyId !== null ? measureOptionsPath(companyId) : null);
  const [editing, setEditing] = useState<Editing>(null);
  const showView = companyId !== null;
  const measures = data?.measures ?? [];
  const groups = byFactor(measures);
  const open = measures.filter((measure) => isOpenMeasure(measure.status)).length;
  const overdue = measures.filter((measure) => measure.overdue).length;

  return (
    <PageBody>
      <PageHeader title={text.title}>
        {showView && (
          <Button variant="outlined" color="inherit" onClick={reload} disabled={loading}>
            {text.refresh}
          </Button>
        )}
        {showView && isAdmin && (
          <Button variant="contained" onClick={() => setEditing({ measure: null })} disabled={!options.data}>
            {text.add}
          </Button>
        )}
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.about}
      </Typography>
      <ScreenCompanyChoice screen={screen} text={text} />
      {showView && isAdmin && options.error && <LoadError message={`${text.optionsError} ${options.error}`} onRetry={options.reload} />}
      {showView && loading && <Loading />}
      {showView && error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
      {showView && data && !error && (
        <>
          {!isAdmin && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {text.readOnly}
            </Typography>
          )}
          {measures.length === 0 ? (
            <Typography sx={{ my: 3 }}>{isAdmin ? text.emptyAdmin : text.empty}</Typography>
          ) : (
            <>
              <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
                {format(text.summary, { count: measures.length, open, overdue })}
              </Typography>
              {groups.map((group) => (
                <Box component="section" key={group.key} aria-labelledby={`plan-factor-${group.key}`} sx={{ mb: 3 }}>
                  <Typography id={`plan-factor-${group.key}`} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {group.factorLabel}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {format(text.factorQuestionnaire, { title: group.questionnaire })}
                  </Typography>
                  <MeasureList group={group} cards={phone} onEdit={isAdmin ? (measure) => setEditing({ measure }) : undefined} />
                </Box>
              ))}
            </>
          )}
        </>
      )}
      {editing && companyId !== null && options.data && (
        <MeasureDialog companyId={companyId} options={options.data} measure={editing.measure} onClose={() => setEditing(null)} onSaved={() => reload()} />
      )}
    </PageBody>
  );
}
