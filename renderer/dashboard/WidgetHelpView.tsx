import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WidgetHelp } from '../../engine/definition/dashboard';
import { messages } from '../../engine/messages';

const m = messages.dashboard;

/**
 * A widget's explanation behind a 'Como ler' button (closed by default): how to read it, then what each
 * band, profile or quadrant it shows means, as the definition's `help` says.
 */
export function WidgetHelpView({ help }: { help: WidgetHelp }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const meanings = Object.entries(help.meanings ?? {});
  // Enter toggles at once (and no click follows), as Space does through the button's click.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setOpen((value) => !value);
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" color="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)} onKeyDown={onKeyDown} sx={{ px: 0.5, minWidth: 0 }}>
        {open ? m.hideHelp : m.showHelp}
      </Button>
      <Box id={id} hidden={!open} sx={{ mt: 0.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}>
        {open && (
          <>
            {help.text && (
              <Typography variant="body2" sx={{ mb: meanings.length > 0 ? 1 : 0 }}>
                {help.text}
              </Typography>
            )}
            {meanings.length > 0 && (
              <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 700, fontSize: '0.875rem' }, '& dd': { m: 0, mb: 0.75, fontSize: '0.875rem' } }}>
                {meanings.map(([name, meaning]) => (
                  <Box key={name} component="div">
                    <dt>{name}</dt>
                    <dd>{meaning}</dd>
                  </Box>
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
