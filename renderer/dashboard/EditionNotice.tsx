import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { EditionChoice, WithheldGroup } from '../../engine/definition/dashboard';
import { format, messages } from '../../engine/messages';

const m = messages.dashboard;

export interface EditionNoticeProps {
  /** The types whose answers come from versions scored differently. */
  editions: EditionChoice[];
  /** Picks the major version a type's numbers use. */
  onChoose: (type: number, major: number) => void;
}

/**
 * Says, above the numbers, that a type's answers come from questionnaire versions scored differently and
 * which one the numbers use, and lets the viewer choose another (versions are never pooled).
 */
export function EditionNotice({ editions, onChoose }: EditionNoticeProps) {
  if (editions.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {editions.map((edition) => (
        <Alert key={edition.type} severity="info" sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <span>{format(m.editionNotice, { name: edition.name, chosen: edition.chosen })}</span>
            <TextField
              select
              size="small"
              label={format(m.editionLabel, { name: edition.name })}
              value={edition.chosen}
              onChange={(event) => onChoose(edition.type, Number(event.target.value))}
              sx={{ minWidth: 240 }}
            >
              {edition.available.map((available) => (
                <MenuItem key={available.major} value={available.major}>
                  {format(m.editionOption, { major: available.major, count: available.respondents })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * Says, above the numbers, that an anonymous group's answers are withheld and why (fewer respondents
 * than the company's minimum): the server sent no rows for it, so this is all there is to show.
 */
export function WithheldNotice({ withheld }: { withheld: WithheldGroup[] }) {
  const reasons = [...new Set(withheld.map((group) => group.message))];
  if (reasons.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {reasons.map((reason) => (
        <Alert key={reason} severity="warning" role="status">
          {reason}
        </Alert>
      ))}
    </Stack>
  );
}
