import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { textColorOn } from '../../../../../engine/charts/contrast';
import { format, messages } from '../../../../../engine/messages';
import type { Measure, MeasureLevel } from '../../../../server/src/contract/riskMeasures';
import { formatDay } from '../../format';

const text = messages.screenActionPlan;
const labels = messages.measures;

/** The measures of one factor of a questionnaire. */
export interface FactorMeasures {
  key: string;
  type: number;
  questionnaire: string;
  factor: string;
  factorLabel: string;
  measures: Measure[];
}

/** The measures grouped by questionnaire and factor, in the order of their first deadline (the list comes by deadline). */
export function byFactor(measures: Measure[]): FactorMeasures[] {
  const groups = new Map<string, FactorMeasures>();
  for (const measure of measures) {
    const key = `${measure.type}:${measure.factor}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, type: measure.type, questionnaire: measure.questionnaire, factor: measure.factor, factorLabel: measure.factor_label, measures: [] };
      groups.set(key, group);
    }
    group.measures.push(measure);
  }
  return [...groups.values()];
}

/** A percentage with a decimal comma ('55,6'). */
const percent = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** A level on its colour with readable text, or 'Sem nível' with the reason. */
function LevelBadge({ level }: { level: MeasureLevel }) {
  if (level.label === null) {
    return (
      <Box component="span" sx={{ display: 'block' }}>
        <Chip size="small" variant="outlined" label={text.noLevel} />
        {level.reason && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25, overflowWrap: 'anywhere' }}>
            {level.reason}
          </Typography>
        )}
      </Box>
    );
  }
  const color = level.color ?? '#e0e0e0';
  return (
    <Box component="span" sx={{ display: 'inline-block', px: 1, py: 0.25, borderRadius: 1, bgcolor: color, color: textColorOn(color), fontWeight: 600, fontSize: '0.8125rem' }}>
      {level.share === null ? level.label : format(text.levelText, { label: level.label, share: percent(level.share) })}
    </Box>
  );
}

/** 'Antes (Ciclo 1): Crítico (55,6% desfavoráveis)', then '→ Depois (Ciclo 2): …'; each side named in words, the arrow only drawn. */
export function LevelChange({ measure }: { measure: Measure }) {
  const { before, after } = measure.levels;
  const side = (caption: ReactNode, body: ReactNode) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {caption}
      </Typography>
      {body}
    </Box>
  );
  return (
    <Stack sx={{ gap: 0.75 }}>
      {side(format(text.levelOf, { when: text.before, cycle: before.cycle_name ?? text.levelAll }), <LevelBadge level={before} />)}
      {side(
        <>
          <Box component="span" aria-hidden sx={{ mr: 0.5 }}>
            →
          </Box>
          {after ? format(text.levelOf, { when: text.after, cycle: after.cycle_name ?? text.levelAll }) : text.after}
        </>,
        after ? (
          <LevelBadge level={after} />
        ) : (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {text.afterPending}
          </Typography>
        ),
      )}
    </Stack>
  );
}

/** The deadline, with 'Atrasada' in words (not colour alone) when open and past. */
function Deadline({ measure }: { measure: Measure }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{formatDay(measure.due_on)}</span>
      {measure.overdue && <Chip size="small" color="error" label={text.overdue} aria-label={format(text.overdueLabel, { date: formatDay(measure.due_on) })} />}
    </Stack>
  );
}

/** The status in words. */
const statusText = (measure: Measure) => labels.statuses[measure.status];

/** How and when the effectiveness is checked, and its result once checked. */
function Effectiveness({ measure }: { measure: Measure }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Typography variant="body2">{measure.effectiveness_check}</Typography>
      <Typography variant="body2" color="text.secondary">
        {format(text.checkOn, { date: formatDay(measure.effectiveness_on) })}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: measure.effectiveness_result ? 600 : 'normal', color: measure.effectiveness_result === 'ineficaz' ? 'error.main' : measure.effectiveness_result === 'eficaz' ? 'success.dark' : 'text.secondary' }}>
        {measure.effectiveness_result ? format(text.result, { result: labels.results[measure.effectiveness_result] }) : text.resultPending}
      </Typography>
      {measure.effectiveness_note && (
        <Typography variant="body2" color="text.secondary">
          {measure.effectiveness_note}
        </Typography>
      )}
    </Box>
  );
}

function EditButton({ measure, onEdit }: { measure: Measure; onEdit: (measure: Measure) => void }) {
  return (
    <Button size="small" variant="outlined" color="inherit" aria-label={format(text.editLabel, { description: measure.description })} onClick={() => onEdit(measure)}>
      {text.edit}
    </Button>
  );
}

/** What the measure does and for which group (an exposure group staff defined named as one). */
function What({ measure }: { measure: Measure }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {measure.description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {format(measure.group_kind === 'exposure' ? text.groupOfExposure : text.group, { group: measure.group_name })}
      </Typography>
    </>
  );
}

interface MeasureListProps {
  group: FactorMeasures;
  /** Absent for company users (read-only). */
  onEdit?: (measure: Measure) => void;
  /** Cards instead of a table (phones). */
  cards: boolean;
}

/** A factor's measures: a table, or a card each on a phone (no sideways scroll). An overdue one is marked in words and with a bar. */
export function MeasureList({ group, onEdit, cards }: MeasureListProps) {
  if (cards) {
    return (
      <Stack component="ul" aria-label={format(text.measuresList, { factor: group.factorLabel })} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {group.measures.map((measure) => (
          <Paper component="li" key={measure.id} variant="outlined" sx={{ p: 2, borderLeftWidth: measure.overdue ? 4 : 1, borderLeftColor: measure.overdue ? 'error.main' : undefined }}>
            <What measure={measure} />
            <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0.25, '& dd': { m: 0, mb: 1 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colOwner}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {measure.owner_name}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colDue}
              </Typography>
              <Typography component="dd" variant="body2">
                <Deadline measure={measure} />
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colStatus}
              </Typography>
              <Typography component="dd" variant="body2">
                {statusText(measure)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colEffectiveness}
              </Typography>
              <Box component="dd">
                <Effectiveness measure={measure} />
              </Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {text.colLevels}
              </Typography>
              <Box component="dd">
                <LevelChange measure={measure} />
              </Box>
            </Box>
            {onEdit && <EditButton measure={measure} onEdit={onEdit} />}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={format(text.measuresTable, { factor: group.factorLabel })} sx={{ tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '23%' }}>
              {text.colMeasure}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '12%' }}>
              {text.colOwner}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '13%' }}>
              {text.colDueStatus}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '23%' }}>
              {text.colEffectiveness}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {text.colLevels}
            </TableCell>
            {onEdit && (
              <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '8%' }}>
                {text.colActions}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {group.measures.map((measure) => (
            <TableRow key={measure.id} sx={measure.overdue ? { '& > th': { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.error.main}` } } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                <What measure={measure} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{measure.owner_name}</TableCell>
              <TableCell>
                <Deadline measure={measure} />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {statusText(measure)}
                </Typography>
              </TableCell>
              <TableCell>
                <Effectiveness measure={measure} />
              </TableCell>
              <TableCell>
                <LevelChange measure={measure} />
              </TableCell>
              {onEdit && (
                <TableCell>
                  <EditButton measure={measure} onEdit={onEdit} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
