import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { textColorOn } from '../../../../../engine/charts/contrast';
import { format, messages } from '../../../../../engine/messages';
import { stepText } from './riskFormat';
import type { RiskMatrixView } from './riskTypes';

const text = messages.screenRisk;

/** A level's colour swatch with its label, the text black or white by contrast. */
function LevelBadge({ label, color }: { label: string; color: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-block', px: 1, py: 0.25, borderRadius: 1, bgcolor: color, color: textColorOn(color), fontWeight: 600, whiteSpace: 'nowrap' }}>
      {label}
    </Box>
  );
}

/** One scale's steps with their criteria (those that have one). */
function Scale({ title, steps }: { title: string; steps: RiskMatrixView['severity'] }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {steps.map((step, index) => (
          <Box key={index} sx={{ mb: 0.75 }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {stepText(index + 1, step.label)}
            </Typography>
            {step.criterion && (
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {step.criterion}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const HEADER_SX = { fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere', hyphens: 'auto', px: { xs: 0.5, sm: 1.5 }, py: 1 } as const;

/**
 * 'Matriz de risco': the matrix as a table (severity rows, the highest on top as risk matrices are
 * drawn; probability columns), each cell its level on the level's colour; whether it is the company's
 * own or the default; the criteria as written; the scales; the levels with what each asks.
 */
export function RiskMatrixSection({ matrix, own }: { matrix: RiskMatrixView; own: boolean }) {
  const levels = new Map(matrix.levels.map((level) => [level.id, level]));
  const rows = matrix.severity.map((step, index) => ({ step, number: index + 1, cells: matrix.grid[index] ?? [] })).reverse();
  return (
    <Box component="section" aria-labelledby="risk-matrix-heading" sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="risk-matrix-heading" component="h2" variant="h6" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {text.matrixHeading}
        </Typography>
        <Chip label={own ? text.matrixOwn : text.matrixDefault} color={own ? 'secondary' : 'default'} variant={own ? 'filled' : 'outlined'} />
      </Stack>
      <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: { lg: 'flex-start' } }}>
        <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 2 }, flex: { lg: '0 1 640px' }, minWidth: 0 }}>
          <Table
            size="small"
            sx={{
              tableLayout: 'fixed',
              width: '100%',
              '& td, & th': { borderColor: 'divider' },
              '& caption': { captionSide: 'top', textAlign: 'left', p: 0, pb: 1, color: 'text.primary', fontWeight: 600, fontSize: { xs: '0.875rem', sm: '1rem' } },
            }}
          >
            <caption>{matrix.title}</caption>
            <colgroup>
              <Box component="col" sx={{ width: { xs: '25%', sm: '20%' } }} />
              {matrix.probability.map((_step, index) => (
                <col key={index} />
              ))}
            </colgroup>
            <TableHead>
              <TableRow>
                <TableCell component="td" sx={{ borderBottom: 'none' }} />
                <TableCell component="th" scope="colgroup" colSpan={matrix.probability.length} align="center" sx={{ ...HEADER_SX, color: 'text.secondary', pb: 0 }}>
                  {text.probabilityScale}
                  <span aria-hidden> →</span>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ ...HEADER_SX, color: 'text.secondary', verticalAlign: 'bottom' }}>
                  {text.severityScale}
                  <span aria-hidden> ↓</span>
                </TableCell>
                {matrix.probability.map((step, index) => (
                  <TableCell key={index} component="th" scope="col" align="center" sx={{ ...HEADER_SX, fontSize: { xs: '0.72rem', sm: '0.875rem' }, verticalAlign: 'bottom' }}>
                    {stepText(index + 1, step.label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ step, number, cells }) => (
                <TableRow key={number}>
                  <TableCell component="th" scope="row" sx={{ ...HEADER_SX, fontSize: { xs: '0.72rem', sm: '0.875rem' } }}>
                    {stepText(number, step.label)}
                  </TableCell>
                  {matrix.probability.map((probability, column) => {
                    const level = levels.get(cells[column] ?? '');
                    const color = level?.color ?? '#ffffff';
                    return (
                      <TableCell
                        key={column}
                        align="center"
                        data-level={level?.id}
                        title={level ? format(text.matrixCellLabel, { severity: step.label, probability: probability.label, level: level.label }) : undefined}
                        sx={{ bgcolor: color, color: textColorOn(color), fontWeight: 600, border: '2px solid #fff', px: 0.25, py: 1.25, fontSize: { xs: '0.7rem', sm: '0.875rem' }, overflowWrap: 'break-word' }}
                      >
                        {level?.label ?? cells[column] ?? ''}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Box component="section" aria-labelledby="risk-legend-heading" sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="risk-legend-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {text.legendHeading}
          </Typography>
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
            {matrix.levels.map((level) => (
              <Stack component="li" key={level.id} direction="row" sx={{ gap: 1.5, alignItems: 'baseline' }}>
                <Box sx={{ flex: '0 0 88px' }}>
                  <LevelBadge label={level.label} color={level.color} />
                </Box>
                <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {level.action}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
        {text.criteriaHeading}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {matrix.criteria}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {text.scalesHeading}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: { xs: 1, md: 3 } }}>
        <Scale title={text.severityScale} steps={matrix.severity} />
        <Scale title={text.probabilityScale} steps={matrix.probability} />
      </Stack>
    </Box>
  );
}
