import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../../engine/messages';
import { ErrorIcon, LogoMark } from '../../icons';

/** The frame of a person's own pages: the yellow header with the product's name, then the content. */
export function PersonalFrame({ children, maxWidth = 960 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth, mx: 'auto' }}>
          <LogoMark aria-hidden sx={{ fontSize: 35 }} />
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {messages.common.appName}
          </Typography>
        </Box>
      </Box>
      <Box component="main" sx={{ maxWidth, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}

/** The support lines of the outcome pages: e-mail and WhatsApp. */
export function SupportLines() {
  return (
    <Box component="section" aria-labelledby="support-title" sx={{ mt: 3 }}>
      <Typography component="h2" id="support-title" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {messages.outcome.supportTitle}
      </Typography>
      <Typography>
        {messages.outcome.supportEmailLabel} <Link href={`mailto:${messages.outcome.supportEmail}`} underline="always">{messages.outcome.supportEmail}</Link>
      </Typography>
      <Typography>
        {messages.outcome.supportWhatsAppLabel}{' '}
        <Link href={messages.outcome.supportWhatsApp} target="_blank" rel="noopener noreferrer" underline="always">
          {messages.outcome.supportPhone}
        </Link>
      </Typography>
    </Box>
  );
}

/** An unknown personal key: the invalid page's look (red sign, the message, the support lines). */
export function InvalidKey({ message }: { message: string }) {
  return (
    <PersonalFrame maxWidth={720}>
      <Paper sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
        <ErrorIcon aria-hidden sx={{ fontSize: 56, color: '#c62828' }} />
        <Typography component="h1" variant="h5" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {message}
        </Typography>
        <SupportLines />
      </Paper>
    </PersonalFrame>
  );
}
