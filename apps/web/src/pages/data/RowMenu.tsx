import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { format, messages } from '../../../../../engine/messages';
import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import type { RowAction } from './rowActions';

const m = messages.screenData;

/** Three vertical dots (Material Design "more_vert", Apache 2.0). */
function MoreVertIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
    </SvgIcon>
  );
}

const LABELS: Record<RowAction, string> = {
  remind: m.remind,
  evaluationEmail: m.evaluationEmail,
  adminEmail: m.adminEmail,
  selectRenew: m.selectRenew,
  reportEmail: m.reportEmail,
  copyLink: m.copyLink,
  copyIds: m.copyIds,
  delete: m.delete,
};

/** The menu button of one row, listing the actions the row allows. */
export function RowMenu({ row, actions, onAction }: { row: EvaluationRow; actions: RowAction[]; onAction(action: RowAction, row: EvaluationRow): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `row-menu-${row.evaluation_id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={format(m.menuFor, { evaluation: row.type_name, name: row.user_name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // The grid moves focus between cells with arrows; Enter and Space must reach the button.
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
            onClick={() => {
              setAnchor(null);
              onAction(action, row);
            }}
          >
            {LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
