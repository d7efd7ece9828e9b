import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../../engine/messages';
import type { ExposureGroup, ExposureGroupList as ExposureGroupListData } from '../../../../server/src/contract/exposureGroups';
import { useApiData } from '../../api/useApiData';
import { LoadError, Loading } from '../../components/PageStates';
import { exposureGroupsPath } from './exposureGroupApi';
import { ExposureGroupDeleteDialog } from './ExposureGroupDeleteDialog';
import { ExposureGroupDialog } from './ExposureGroupDialog';
import { ExposureGroupList, type ExposureGroupActionHandlers } from './ExposureGroupList';

const text = messages.screenExposureGroups;

interface ExposureGroupSectionProps {
  companyId: number;
  /** Whether the account creates, edits and deletes groups (staff). */
  canEdit: boolean;
  /** Cards instead of a table (phones). */
  cards: boolean;
}

/**
 * 'Grupos de exposição' on the risk screen (NR-1, issue 27): the company's groups of workers made from
 * the registry's sectors and positions, with the people in each now and the measures aimed at it; staff
 * create, edit and delete them, company users read them.
 */
export function ExposureGroupSection({ companyId, canEdit, cards }: ExposureGroupSectionProps) {
  const { data, loading, error, reload } = useApiData<ExposureGroupListData>(exposureGroupsPath(companyId));
  // The dialog open: a group to edit, 'new', or none.
  const [editing, setEditing] = useState<ExposureGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExposureGroup | null>(null);
  const actions: ExposureGroupActionHandlers | undefined = canEdit ? { onEdit: setEditing, onDelete: setDeleting } : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  // After a deletion the focus goes to the heading once the list has reloaded (the button pressed is gone).
  const focusAfter = useRef<ExposureGroupListData | null>(null);
  useEffect(() => {
    if (focusAfter.current && data && data !== focusAfter.current) {
      focusAfter.current = null;
      heading.current?.focus();
    }
  }, [data]);
  const deleted = () => {
    focusAfter.current = data ?? null;
    reload();
  };

  return (
    <Box component="section" aria-labelledby="risk-exposure-groups-heading" sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="risk-exposure-groups-heading" ref={heading} tabIndex={-1} component="h2" variant="h6" sx={{ fontWeight: 600, flexGrow: 1, outline: 'none' }}>
          {text.heading}
        </Typography>
        {canEdit && data && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {text.add}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: canEdit ? 2 : 0.5 }}>
        {text.about}
      </Typography>
      {!canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text.readOnly}
        </Typography>
      )}
      {loading && !data && <Loading />}
      {error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
      {data &&
        !error &&
        (data.groups.length === 0 ? (
          <Box sx={{ mb: 2 }}>
            <Typography>{text.empty}</Typography>
            <Typography variant="body2" color="text.secondary">
              {canEdit ? text.emptyHintAdmin : text.emptyHint}
            </Typography>
          </Box>
        ) : (
          <ExposureGroupList groups={data.groups} actions={actions} cards={cards} />
        ))}
      {editing && data && (
        <ExposureGroupDialog
          companyId={companyId}
          group={editing === 'new' ? null : editing}
          sectors={data.sectors}
          positions={data.positions}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <ExposureGroupDeleteDialog group={deleting} onClose={() => setDeleting(null)} onDeleted={deleted} />
    </Box>
  );
}
