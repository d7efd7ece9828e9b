import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages } from '../../../../engine/messages';
import type { InventoryList, InventorySummary } from '../../../server/src/contract/riskInventories';
import { useApiData } from '../api/useApiData';
import { ScreenCompanyChoice, useScreenCompany } from '../components/CompanyPicker';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { inventoriesPath } from './inventory/inventoryApi';
import { PublishForm } from './inventory/PublishForm';
import { VersionDialog } from './inventory/VersionDialog';
import { VersionList } from './inventory/VersionList';

const text = messages.screenInventory;

/**
 * Inventário de riscos psicossociais (/inventario, NR-1 1.5.7.3.2, issue 27): a company's published
 * versions, each to read or download as PDF or .xlsx; an administrator (the consultant) picks the
 * company, previews the next version with the staff texts and publishes it. A company user reads its
 * own company's versions.
 */
export default function InventoryPage() {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const screen = useScreenCompany();
  const { isAdmin, companyId } = screen;
  const { data, loading, error, reload } = useApiData<InventoryList>(companyId === null ? null : inventoriesPath(companyId));
  const [viewing, setViewing] = useState<InventorySummary | null>(null);
  const versionsHeading = useRef<HTMLHeadingElement>(null);
  /** After a publication: the list again, and the focus on it (the publish button is gone). */
  const published = () => {
    reload();
    versionsHeading.current?.focus();
  };
  const showView = companyId !== null;
  const inventories = data?.inventories ?? [];

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
      {showView && (
        <Box component="section" aria-labelledby="inventory-versions-heading" sx={{ mb: 4 }}>
          <Typography id="inventory-versions-heading" ref={versionsHeading} tabIndex={-1} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1, outline: 'none' }}>
            {text.versionsHeading}
          </Typography>
          {!isAdmin && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {text.readOnly}
            </Typography>
          )}
          {loading && <Loading />}
          {error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
          {data && !error && (inventories.length === 0 ? <Typography sx={{ my: 2 }}>{text.empty}</Typography> : <VersionList inventories={inventories} cards={phone} onView={setViewing} />)}
        </Box>
      )}
      {isAdmin && companyId !== null && (
        <Paper component="section" variant="outlined" aria-labelledby="inventory-prepare-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="inventory-prepare-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
            {text.prepareHeading}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {text.prepareAbout}
          </Typography>
          <PublishForm key={companyId} companyId={companyId} phone={phone} onPublished={published} />
        </Paper>
      )}
      <VersionDialog summary={viewing} phone={phone} onClose={() => setViewing(null)} />
    </PageBody>
  );
}
