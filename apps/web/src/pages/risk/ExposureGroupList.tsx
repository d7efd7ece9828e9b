import { Fragment } from 'react';
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
import type { ExposureGroup } from '../../../../server/src/contract/exposureGroups';

const text = messages.screenExposureGroups;

/** What staff can do to a group; absent for company users (read-only). */
export interface ExposureGroupActionHandlers {
  onEdit(group: ExposureGroup): void;
  onDelete(group: ExposureGroup): void;
}

/** The names of a group's sectors or positions, or 'Todos' when the list does not narrow. */
function names(list: ExposureGroup['sectors']): string {
  return list.length === 0 ? text.all : list.map((item) => item.name).join(', ');
}

/** 'Editar' and 'Excluir', each named after the group. */
function GroupActions({ group, actions }: { group: ExposureGroup; actions: ExposureGroupActionHandlers }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" color="inherit" aria-label={format(text.editLabel, { name: group.name })} onClick={() => actions.onEdit(group)}>
        {text.edit}
      </Button>
      <Button size="small" variant="outlined" color="error" aria-label={format(text.deleteLabel, { name: group.name })} onClick={() => actions.onDelete(group)}>
        {text.delete}
      </Button>
    </Stack>
  );
}

/** What the group shares, as secondary text. */
function Description({ group }: { group: ExposureGroup }) {
  if (!group.description) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {group.description}
    </Typography>
  );
}

/** A name in italics when the list does not narrow ('Todos'). */
function Names({ list }: { list: ExposureGroup['sectors'] }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontStyle: list.length === 0 ? 'italic' : 'normal' }}>
      {names(list)}
    </Typography>
  );
}

interface ExposureGroupListProps {
  groups: ExposureGroup[];
  actions: ExposureGroupActionHandlers | undefined;
  /** Cards instead of a table (phones). */
  cards: boolean;
}

/** A company's exposure groups: a table, or a card each on a phone (no sideways scroll). */
export function ExposureGroupList({ groups, actions, cards }: ExposureGroupListProps) {
  if (cards) {
    return (
      <Stack component="ul" aria-label={text.list} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {groups.map((group) => (
          <Paper component="li" key={group.id} variant="outlined" sx={{ p: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {group.name}
            </Typography>
            <Description group={group} />
            <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0.25, '& dd': { m: 0, mb: 1 } }}>
              {(
                [
                  [text.colSectors, <Names list={group.sectors} />],
                  [text.colPositions, <Names list={group.positions} />],
                  [text.colPeople, format(text.peopleCount, { count: group.people })],
                  [text.colMeasures, format(text.measuresCount, { count: group.measures })],
                ] as const
              ).map(([label, value]) => (
                <Fragment key={label}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {value}
                  </Typography>
                </Fragment>
              ))}
            </Box>
            {actions && <GroupActions group={group} actions={actions} />}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={text.table} sx={{ tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '30%' }}>
              {text.colGroup}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {text.colSectors}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {text.colPositions}
            </TableCell>
            <TableCell component="th" scope="col" align="right" sx={{ fontWeight: 600, width: 90 }}>
              {text.colPeople}
            </TableCell>
            <TableCell component="th" scope="col" align="right" sx={{ fontWeight: 600, width: 90 }}>
              {text.colMeasures}
            </TableCell>
            {actions && (
              <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: 190 }}>
                {text.colActions}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {group.name}
                </Typography>
                <Description group={group} />
              </TableCell>
              <TableCell>
                <Names list={group.sectors} />
              </TableCell>
              <TableCell>
                <Names list={group.positions} />
              </TableCell>
              <TableCell align="right">{group.people}</TableCell>
              <TableCell align="right">{group.measures}</TableCell>
              {actions && (
                <TableCell>
                  <GroupActions group={group} actions={actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
