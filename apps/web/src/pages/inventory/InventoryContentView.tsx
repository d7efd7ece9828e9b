import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { formatDay, formatGrade } from '../../format';
import type { InventoryContent, InventoryEntryView } from './inventoryApi';
import { groupKey, groupKind, type GroupField } from './inventoryForm';

const text = messages.screenInventory;

type Level = 2 | 3 | 4 | 5 | 6;

/** A heading at a given level, in the page's order. */
function Heading({ level, id, children, variant = 'h6' }: { level: Level; id?: string; children: ReactNode; variant?: 'h6' | 'subtitle1' }) {
  return (
    <Typography id={id} component={`h${level}`} variant={variant} sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** Label and value pairs as a description list, two columns from tablets up. */
export function Facts({ items, stacked = false }: { items: [string, ReactNode][]; stacked?: boolean }) {
  const columns = stacked ? '1fr' : { xs: '1fr', sm: 'minmax(180px, 30%) 1fr' };
  const gap = stacked ? 0.25 : { xs: 0.25, sm: 0.75 };
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: columns, columnGap: 2, rowGap: gap }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color={stacked ? 'text.primary' : 'text.secondary'} sx={{ mt: stacked ? 1 : { xs: 1, sm: 0 }, fontWeight: stacked ? 600 : 400 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A risk level: its colour as a chip holding its name (never the colour alone). */
export function LevelChip({ label, color }: { label: string | null; color: string | null }) {
  if (!label) return <Chip size="small" variant="outlined" label={text.noLevel} />;
  const background = color ?? '#e0e0e0';
  return <Chip size="small" label={label} sx={{ bgcolor: background, color: textColorOn(background), fontWeight: 600 }} />;
}

/** 'Provável' and '45,0% de respostas desfavoráveis'. */
function Probability({ entry }: { entry: InventoryEntryView }) {
  return (
    <>
      <Typography variant="body2">{entry.probability_label ?? '—'}</Typography>
      {entry.share !== null && (
        <Typography variant="caption" color="text.secondary" component="p">
          {format(text.share, { share: formatGrade(entry.share) })}
        </Typography>
      )}
    </>
  );
}

/** 'Grave' and its reason. */
function Severity({ entry }: { entry: InventoryEntryView }) {
  return (
    <>
      <Typography variant="body2">{entry.severity_label ?? '—'}</Typography>
      {entry.severity_reason && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {entry.severity_reason}
        </Typography>
      )}
    </>
  );
}

/** The factor's name and its hazard. */
function Factor({ entry, level }: { entry: InventoryEntryView; level?: Level }) {
  return (
    <>
      <Typography component={level ? `h${level}` : 'span'} variant="body2" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
        {entry.factor_label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {entry.hazard}
      </Typography>
    </>
  );
}

const HEAD_SX = { fontWeight: 600 } as const;

/** A group's factors: a table (scrolling sideways inside its box when narrow), or a card each on a phone. */
function GroupFactors({ group, entries, cards, level }: { group: string; entries: InventoryEntryView[]; cards: boolean; level: Level }) {
  if (cards) {
    return (
      <Stack component="ul" aria-label={format(text.entriesList, { group })} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {entries.map((entry) => (
          <Paper component="li" key={entry.factor} variant="outlined" sx={{ p: 2 }}>
            <Factor entry={entry} level={level} />
            <Box sx={{ mt: 1 }}>
              <LevelChip label={entry.level_label} color={entry.level_color} />
            </Box>
            <Box sx={{ mt: 1 }}>
              <Facts
                items={[
                  [text.colProbability, <Probability key="p" entry={entry} />],
                  [text.colSeverity, <Severity key="s" entry={entry} />],
                  [text.colSources, entry.sources],
                  [text.colHarms, entry.harms],
                  [text.colMeasures, entry.measures],
                ]}
              />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={format(text.entriesTable, { group })} sx={{ minWidth: 1000, tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', py: 1.25, overflowWrap: 'break-word' } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '18%' }}>
              {text.colFactor}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '14%' }}>
              {text.colSources}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '14%' }}>
              {text.colHarms}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '15%' }}>
              {text.colMeasures}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '13%' }}>
              {text.colProbability}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '14%' }}>
              {text.colSeverity}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: '12%' }}>
              {text.colLevel}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.factor}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                <Factor entry={entry} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line' }}>{entry.sources}</TableCell>
              <TableCell>{entry.harms}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line' }}>{entry.measures}</TableCell>
              <TableCell>
                <Probability entry={entry} />
              </TableCell>
              <TableCell>
                <Severity entry={entry} />
              </TableCell>
              <TableCell>
                <LevelChip label={entry.level_label} color={entry.level_color} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The entries by exposure group, in the server's order. */
function byGroup(entries: readonly InventoryEntryView[]): InventoryEntryView[][] {
  const groups = new Map<string, InventoryEntryView[]>();
  for (const entry of entries) {
    const key = groupKey(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()];
}

const KIND_TEXT: Record<GroupField['kind'], string> = { whole: text.groupWhole, sector: text.groupSector, position: text.groupPosition, exposure: text.groupExposure };

interface ContentProps {
  content: InventoryContent;
  /** The level of the content's section headings (groups one below). */
  level: 2 | 3 | 4;
  /** Cards instead of tables (phones). */
  cards: boolean;
  /** Makes the headings' ids unique on the page. */
  idPrefix: string;
}

/**
 * An inventory's content, read-only (a published version, or a preview): the facts of the inventory,
 * each exposure group with its factors (level as a coloured chip with its name; a hidden group's note),
 * and the criteria of the classification.
 */
export function InventoryContentView({ content, level, cards, idPrefix }: ContentProps) {
  const sub = (level + 1) as Level;
  const questionnaire = [content.questionnaire.title, content.questionnaire.version ? `(${content.questionnaire.version})` : ''].filter(Boolean).join(' ');
  const presentedOn = content.presented.on ? formatDay(content.presented.on) : text.notInformed;
  const { matrix } = content;
  return (
    <Stack sx={{ gap: 3 }}>
      <Box component="section" aria-labelledby={`${idPrefix}-summary`}>
        <Heading level={level} id={`${idPrefix}-summary`}>
          {text.summaryHeading}
        </Heading>
        <Facts
          items={[
            [
              text.questionnaire,
              <>
                {questionnaire}
                {content.questionnaire.notice && <Chip size="small" variant="outlined" color="warning" label={content.questionnaire.notice} sx={{ ml: 1, maxWidth: '100%', color: 'text.primary', borderColor: 'warning.main' }} />}
              </>,
            ],
            [text.cycle, content.cycle?.name ?? text.allAnswers],
            [text.participation, format(text.participationText, { answered: content.participation.answered, invited: content.participation.invited, rate: formatGrade(content.participation.rate) })],
            [text.responsible, format(text.responsibleText, { name: content.responsible.name, registration: content.responsible.registration })],
            [text.presentedOn, presentedOn],
            [text.presentedHow, content.presented.how ?? text.notInformed],
            [text.ergonomics, content.ergonomics],
          ]}
        />
      </Box>
      <Box component="section" aria-labelledby={`${idPrefix}-entries`}>
        <Heading level={level} id={`${idPrefix}-entries`}>
          {text.entriesHeading}
        </Heading>
        <Stack sx={{ gap: 3 }}>
          {byGroup(content.entries).map((entries) => {
            const first = entries[0]!;
            const id = `${idPrefix}-group-${groupKey(first).replace('*', 'whole')}`;
            const withheld = entries.find((entry) => entry.withheld)?.withheld ?? null;
            return (
              <Box component="section" key={id} aria-labelledby={id} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
                <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                  <Heading level={sub} id={id} variant="subtitle1">
                    {first.group}
                  </Heading>
                  {!first.whole && <Chip size="small" variant="outlined" label={KIND_TEXT[groupKind(first)]} />}
                </Stack>
                <Box sx={{ mb: 1.5 }}>
                  <Facts
                    items={[
                      [text.exposed, String(first.exposed)],
                      [text.processes, first.processes],
                      [text.activities, first.activities],
                    ]}
                  />
                </Box>
                {withheld ? (
                  <Alert severity="info" variant="outlined">
                    <strong>{text.withheld}:</strong> {withheld}
                  </Alert>
                ) : (
                  <GroupFactors group={first.group} entries={entries} cards={cards} level={Math.min(sub + 1, 6) as Level} />
                )}
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Box component="section" aria-labelledby={`${idPrefix}-criteria`}>
        <Heading level={level} id={`${idPrefix}-criteria`}>
          {text.criteriaHeading}
        </Heading>
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {matrix.criteria}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
          <Box>
            <Heading level={sub} variant="subtitle1">
              {text.severityCriteria}
            </Heading>
            <Facts stacked items={matrix.severity.map((step, index) => [format(text.step, { number: index + 1, label: step.label }), step.criterion ?? ''])} />
          </Box>
          <Box>
            <Heading level={sub} variant="subtitle1">
              {text.probabilityCriteria}
            </Heading>
            <Facts stacked items={matrix.probability.map((step, index) => [format(text.step, { number: index + 1, label: step.label }), content.criteria.probability[index] ?? ''])} />
          </Box>
          <Box>
            <Heading level={sub} variant="subtitle1">
              {text.levelCriteria}
            </Heading>
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
              {matrix.levels.map((item) => (
                <li key={item.id}>
                  <LevelChip label={item.label} color={item.color} />
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {item.action}
                  </Typography>
                </li>
              ))}
            </Stack>
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}
