import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import type { OutboxMail } from '../../../../server/src/contract/notifications';
import { formatDateTime } from '../../format';

const m = messages.screenData;
/** Tab labels in text colours (the theme's yellow primary is too light on white). */
const TABS = { mb: 2, '& .MuiTab-root': { opacity: 1, color: 'text.secondary' }, '& .MuiTab-root.Mui-selected': { color: 'text.primary', fontWeight: 700 } };

/**
 * Reads one kept e-mail: the plain text, or the HTML in an iframe sandboxed with no permissions at all
 * (no scripts, no same origin), so nothing in a message can run inside the app.
 */
export function MailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose(): void }) {
  const [tab, setTab] = useState<'text' | 'html'>('text');
  return (
    <Dialog open={mail !== null} onClose={onClose} aria-labelledby="mail-title" fullWidth maxWidth="md" slotProps={{ transition: { onExited: () => setTab('text') } }}>
      <DialogTitle id="mail-title" sx={{ overflowWrap: 'anywhere' }}>
        {mail?.subject}
      </DialogTitle>
      <DialogContent dividers>
        {mail && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {format(m.mailTo, { to: mail.to })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {format(m.mailDate, { date: formatDateTime(mail.created_at) })}
            </Typography>
            <Tabs textColor="inherit" value={tab} onChange={(_, next: 'text' | 'html') => setTab(next)} aria-label={mail.subject} sx={TABS}>
              <Tab value="text" label={m.mailText} id="mail-tab-text" aria-controls="mail-panel" />
              <Tab value="html" label={m.mailHtml} id="mail-tab-html" aria-controls="mail-panel" disabled={!mail.html} />
            </Tabs>
            <Box id="mail-panel" role="tabpanel" aria-labelledby={`mail-tab-${tab}`}>
              {tab === 'text' ? (
                <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
                  {mail.text}
                </Typography>
              ) : (
                <Box
                  component="iframe"
                  title={m.mailHtmlFrame}
                  sandbox=""
                  srcDoc={mail.html}
                  sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
                />
              )}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} autoFocus>
          {messages.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
