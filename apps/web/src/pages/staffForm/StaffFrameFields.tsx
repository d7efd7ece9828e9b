import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { StaffStatus } from '../../../../../engine/definition/types';
import { messages } from '../../../../../engine/messages';
import { AttendanceDates } from './AttendanceDates';
import type { StaffFrame } from './formModel';

const m = messages.screenInterview;

/** A staff form's own fields around its questionnaire: the status (the definition's values) and the attendance dates. */
export function StaffFrameFields({ statuses, value, onChange }: { statuses: StaffStatus[]; value: StaffFrame; onChange(patch: Partial<StaffFrame>): void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
      {/* Secondary like the theme's text fields: the primary yellow label, once focused, is unreadable on white. */}
      <FormControl color="secondary" sx={{ minWidth: 240 }}>
        <InputLabel id="staff-status-label">{m.status}</InputLabel>
        <Select labelId="staff-status-label" label={m.status} value={value.status} onChange={(event) => onChange({ status: event.target.value })}>
          <MenuItem value="">
            <em>{m.noStatus}</em>
          </MenuItem>
          {statuses.map((status) => (
            <MenuItem key={status.key} value={status.key}>
              {status.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <AttendanceDates dates={value.dates} value={value.show} onChange={(next) => onChange(next)} />
    </Stack>
  );
}
