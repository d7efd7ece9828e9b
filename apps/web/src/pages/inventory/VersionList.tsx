import { useState } from 'react';
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
import type { InventorySummary } from '../../../../server/src/contract/riskInventories';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import { formatDateTime, formatDay } from '../../format';
import { useToast } from '../../toast';
import { downloadInventory } from './inventoryApi';
import { Facts } from './InventoryContentView';

const text = messages.screenInventory;

/** 'Ver', 'PDF' and '.xlsx' of a version, each named after it for screen readers; a download in progress disables its button. */
function VersionActions({ inventory, onView }: { inventory: InventorySummary; onView(inventory: InventorySummary): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const save = async (extension: 'pdf' | 'xlsx') => {
    setBusy(extension);
    try {
      await downloadInventory(inventory.id, extension);
    } catch (error) {
      toast.error(format(text.downloadFailed, { detail: errorMessage(error) }));
    } finally {
      setBusy(null);
    }
  };
  const version = inventory.version;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="contained" aria-label={format(text.viewLabel, { version })} onClick={() => onView(inventory)}>
        {text.view}
      </Button>
      <Button size="small" variant="outlined" color="inherit" aria-label={format(text.pdfLabel, { version })} disabled={busy !== null} onClick={() => void save('pdf')}>
        {busy === 'pdf' ? messages.common.downloading : text.pdf}
      </Button>
      <Button size="small" variant="outlined" color="inherit" aria-label={format(text.xlsxLabel, { version })} disabled={busy !== null} onClick={() => void save('xlsx')}>
        {busy === 'xlsx' ? messages.common.downloading : text.xlsx}
      </Button>
    </Stack>
  );
}

const HEAD_SX = { fontWeight: 600 } as const;

/** The published versions, newest first: a table, or a card each on a phone. */
export function VersionList({ inventories, cards, onView }: { inventories: InventorySummary[]; cards: boolean; onView(inventory: InventorySummary): void }) {
  const cycle = (inventory: InventorySummary) => inventory.cycle_name ?? text.allAnswers;
  const by = (inventory: InventorySummary) => inventory.published_by ?? text.unknownAccount;
  if (cards) {
    return (
      <Stack component="ul" aria-label={text.versionsList} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {inventories.map((inventory) => (
          <Paper component="li" key={inventory.id} variant="outlined" sx={{ p: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {format(text.versionNumber, { version: inventory.version })}
            </Typography>
            <Box sx={{ my: 1 }}>
              <Facts
                items={[
                  [text.colCycle, cycle(inventory)],
                  [text.colPublished, formatDateTime(inventory.published_at)],
                  [text.colPublishedBy, by(inventory)],
                  [text.colResponsible, inventory.responsible_name],
                  [text.colReview, formatDay(inventory.review_due)],
                ]}
              />
            </Box>
            <VersionActions inventory={inventory} onView={onView} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={text.versionsTable} sx={{ '& td, & th': { verticalAlign: 'top', py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: 80 }}>
              {text.colVersion}
            </TableCell>
            <TableCell component="th" scope="col" sx={HEAD_SX}>
              {text.colCycle}
            </TableCell>
            <TableCell component="th" scope="col" sx={HEAD_SX}>
              {text.colPublished}
            </TableCell>
            <TableCell component="th" scope="col" sx={HEAD_SX}>
              {text.colPublishedBy}
            </TableCell>
            <TableCell component="th" scope="col" sx={HEAD_SX}>
              {text.colResponsible}
            </TableCell>
            <TableCell component="th" scope="col" sx={HEAD_SX}>
              {text.colReview}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ ...HEAD_SX, width: 270 }}>
              {text.colActions}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inventories.map((inventory) => (
            <TableRow key={inventory.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {inventory.version}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{cycle(inventory)}</TableCell>
              <TableCell>{formatDateTime(inventory.published_at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{by(inventory)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{inventory.responsible_name}</TableCell>
              <TableCell>{formatDay(inventory.review_due)}</TableCell>
              <TableCell>
                <VersionActions inventory={inventory} onView={onView} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
