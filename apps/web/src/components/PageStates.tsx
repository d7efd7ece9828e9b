import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../engine/messages';

/** The title row of a staff page: the heading, then its actions (buttons) on the right, wrapping on phones. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A loading bar with an accessible name. */
export function Loading() {
  return <LinearProgress aria-label={messages.form.loading} sx={{ my: 2 }} />;
}

/** A failed load: the message and a retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {messages.common.retry}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

/** Page content with side padding kept small on phones. */
export function PageBody({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 1400, mx: 'auto' }}>{children}</Box>;
}
