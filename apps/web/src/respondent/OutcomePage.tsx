import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Card } from '../../../../renderer/Card';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { formatDateBR } from '../../../../engine/lifecycle/linkState';
import type { OutcomeKind } from '../../../../engine/lifecycle/respondentPaths';
import { format, messages } from '../../../../engine/messages';
import { CheckCircleIcon, ErrorIcon, InfoIcon, LogoMark, ScheduleIcon } from '../icons';


const TIME_ZONE = 'America/Sao_Paulo';

const outcomes: { [K in OutcomeKind]: { message: string; Icon: ComponentType<SvgIconProps>; color: string } } = {
  complete: { message: messages.outcome.complete, Icon: CheckCircleIcon, color: '#2e7d32' },
  done: { message: messages.outcome.done, Icon: InfoIcon, color: '#1565c0' },
  invalid: { message: messages.outcome.invalid, Icon: ErrorIcon, color: '#c62828' },
  expired: { message: messages.outcome.expired, Icon: ScheduleIcon, color: '#ef6c00' },
};

/** The expiry date of a link from its timestamp in milliseconds, or '' when it is not a number. */
export function expiredDate(time: string | undefined): string {
  const millis = Number(time);
  if (time === undefined || time.trim() === '' || !Number.isFinite(millis)) return '';
  return formatDateBR(new Date(millis), TIME_ZONE);
}

/** A public outcome page: logo, yellow header, the message, the evaluation id and the support lines. */
export default function OutcomePage({ kind, param }: { kind: OutcomeKind; param: string }) {
  const id = kind === 'expired' ? undefined : param;
  const time = kind === 'expired' ? param : undefined;
  const { message, Icon, color } = outcomes[kind];
  const date = kind === 'expired' ? expiredDate(time) : '';
  const text = date ? `${message} ${date}` : message;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 720, mx: 'auto' }}>
          <LogoMark fontSize="large" aria-hidden />
          <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
            {messages.common.appName}
          </Typography>
        </Box>
      </Box>
      <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
        <Card sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
          <Icon sx={{ fontSize: 56, color }} aria-hidden />
          <Typography variant="h5" component="h1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
          {kind !== 'expired' && id && (
            <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {format(messages.outcome.evaluation, { id })}
            </Typography>
          )}
          <Box component="section" aria-labelledby="support-title" sx={{ mt: 3 }}>
            <Typography id="support-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {messages.outcome.supportTitle}
            </Typography>
            <Typography>
              {messages.outcome.supportEmailLabel}{' '}
              <Link underline="always" href={`mailto:${messages.outcome.supportEmail}`}>{messages.outcome.supportEmail}</Link>
            </Typography>
            <Typography>
              {messages.outcome.supportWhatsAppLabel}{' '}
              <Link underline="always" href={messages.outcome.supportWhatsApp} target="_blank" rel="noopener noreferrer">
                {messages.outcome.supportPhone}
              </Link>
            </Typography>
          </Box>
        </Card>
      </Box>
    </Box>
  );
}
