import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { setByText, severityText } from './riskFormat';
import type { RiskFactorView, RiskMatrixView, RiskQuestionnaireView } from './riskTypes';

const text = messages.screenRisk;

/** What staff can do to a factor's severity; absent for company users (read-only). */
export interface FactorActionHandlers {
  onEdit(questionnaire: RiskQuestionnaireView, factor: RiskFactorView): void;
  onClear(questionnaire: RiskQuestionnaireView, factor: RiskFactorView): void;
}

/** 'Definir severidade' or 'Alterar', and 'Limpar' when one is set; each named after the factor. */
function FactorActions({ questionnaire, factor, actions }: { questionnaire: RiskQuestionnaireView; factor: RiskFactorView; actions: FactorActionHandlers }) {
  const set = factor.severity !== null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant={set ? 'outlined' : 'contained'}
        color={set ? 'inherit' : 'primary'}
        aria-label={format(set ? text.changeLabel : text.defineLabel, { factor: factor.label })}
        onClick={() => actions.onEdit(questionnaire, factor)}
      >
        {set ? text.change : text.define}
      </Button>
      {set && (
        <Button size="small" variant="outlined" color="error" aria-label={format(text.clearLabel, { factor: factor.label })} onClick={() => actions.onClear(questionnaire, factor)}>
          {text.clear}
        </Button>
      )}
    </Stack>
  );
}

/** The factor's hazard and possible harms, as secondary text. */
function FactorDetails({ factor }: { factor: RiskFactorView }) {
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
      <div>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {text.hazard}:
        </Box>{' '}
        {factor.hazard}
      </div>
      <div>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {text.harms}:
        </Box>{' '}
        {factor.harms}
      </div>
    </Typography>
  );
}

/** The severity set ('3 – Grave'), or 'Não definida' in grey italics. */
function Severity({ matrix, factor }: { matrix: RiskMatrixView; factor: RiskFactorView }) {
  const set = factor.severity !== null;
  return (
    <Typography variant="body2" sx={set ? { fontWeight: 600 } : { color: 'text.secondary', fontStyle: 'italic' }}>
      {severityText(matrix, factor.severity)}
    </Typography>
  );
}

/** The reason, then who set it and when. */
function Reason({ factor }: { factor: RiskFactorView }) {
  if (factor.severity === null) return null;
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {factor.reason}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {setByText(factor)}
      </Typography>
    </>
  );
}

interface FactorListProps {
  matrix: RiskMatrixView;
  questionnaire: RiskQuestionnaireView;
  actions: FactorActionHandlers | undefined;
  /** Cards instead of a table (phones). */
  cards: boolean;
}

/** A questionnaire's factors with their severities: a table, or a card each on a phone (no sideways scroll). */
export function FactorList({ matrix, questionnaire, actions, cards }: FactorListProps) {
  if (cards) {
    return (
      <Stack component="ul" aria-label={format(text.factorsList, { title: questionnaire.title })} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {questionnaire.factors.map((factor) => (
          <Paper component="li" key={factor.id} variant="outlined" sx={{ p: 2 }}>
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {factor.label}
            </Typography>
            <FactorDetails factor={factor} />
            <Box component="dl" sx={{ m: 0, mt: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colSeverity}
              </Typography>
              <Box component="dd" sx={{ m: 0, mb: factor.severity === null ? 0 : 1 }}>
                <Severity matrix={matrix} factor={factor} />
              </Box>
              {factor.severity !== null && (
                <>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {text.colReason}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    <Reason factor={factor} />
                  </Box>
                </>
              )}
            </Box>
            {actions && (
              <Box sx={{ mt: 1.5 }}>
                <FactorActions questionnaire={questionnaire} factor={factor} actions={actions} />
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={format(text.factorsTable, { title: questionnaire.title })} sx={{ tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '38%' }}>
              {text.colFactor}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '14%' }}>
              {text.colSeverity}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {text.colReason}
            </TableCell>
            {actions && (
              <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: 190 }}>
                {text.colActions}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {questionnaire.factors.map((factor) => (
            <TableRow key={factor.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {factor.label}
                </Typography>
                <FactorDetails factor={factor} />
              </TableCell>
              <TableCell>
                <Severity matrix={matrix} factor={factor} />
              </TableCell>
              <TableCell>
                <Reason factor={factor} />
              </TableCell>
              {actions && (
                <TableCell>
                  <FactorActions questionnaire={questionnaire} factor={factor} actions={actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
