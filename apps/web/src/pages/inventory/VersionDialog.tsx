import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { InventorySummary } from '../../../../server/src/contract/riskInventories';
import { format, messages } from '../../../../../engine/messages';
import { useApiData } from '../../api/useApiData';
import { LoadError, Loading } from '../../components/PageStates';
import { formatDateTime, formatDay } from '../../format';
import { inventoryPath, type Inventory } from './inventoryApi';
import { InventoryContentView } from './InventoryContentView';

const text = messages.screenInventory;

/** A published version's content, read-only ('Ver'): full screen on a phone. */
export function VersionDialog({ summary: asked, phone, onClose }: { summary: InventorySummary | null; phone: boolean; onClose(): void }) {
  // The last version asked for, so the dialog keeps its content while it fades out.
  const [summary, setSummary] = useState<InventorySummary | null>(asked);
  if (asked !== null && asked !== summary) setSummary(asked);
  const { data, loading, error, reload } = useApiData<Inventory>(summary ? inventoryPath(summary.id) : null);
  const inventory = data && summary && data.id === summary.id ? data : null;
  const published = summary
    ? format(summary.published_by ? text.viewPublished : text.viewPublishedNoName, {
        date: formatDateTime(summary.published_at),
        name: summary.published_by ?? '',
        review: formatDay(summary.review_due),
      })
    : '';
  return (
    <Dialog open={asked !== null} onClose={onClose} fullWidth maxWidth="xl" fullScreen={phone} aria-labelledby="inventory-view-title" scroll="paper">
      <DialogTitle id="inventory-view-title">{summary ? format(text.viewTitle, { version: summary.version }) : ''}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {published}
        </Typography>
        {loading && !inventory && <Loading />}
        {error && <LoadError message={`${text.viewLoadError} ${error}`} onRetry={reload} />}
        {inventory && <InventoryContentView content={inventory.content} level={3} cards={phone} idPrefix="inventory-view" />}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose}>
          {text.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
