import Box from '../../../../renderer/Box';
import { Card } from '../../../../renderer/Card';
import { formatDateBR, PRODUCT_TIME_ZONE } from '../../../../engine/rules/dates';
import type { OutcomeKind } from '../../../../engine/lifecycle/respondentPaths';
import { format, messages } from '../../../../engine/messages';

/** A 24×24 icon path drawn at `size` px in `color` (Material icons' shapes, without their component). */
function Icon({ path, size, color }: { path: string; size: number; color: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={{ color, display: 'inline-block' }}>
      <path d={path} fill="currentColor" />
    </svg>
  );
}

const ICONS = {
  checkCircle: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  info: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-6h2zm0-8h-2V7h2z',
  error: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-2h2zm0-4h-2V7h2z',
  schedule: 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
} as const;

const outcomes: { [K in OutcomeKind]: { message: string; icon: keyof typeof ICONS; color: string } } = {
  complete: { message: messages.outcome.complete, icon: 'checkCircle', color: '#2e7d32' },
  done: { message: messages.outcome.done, icon: 'info', color: '#1565c0' },
  invalid: { message: messages.outcome.invalid, icon: 'error', color: '#c62828' },
  expired: { message: messages.outcome.expired, icon: 'schedule', color: '#ef6c00' },
};

/** A link of the support lines: underlined, in the dark secondary colour. */
const linkSx = { color: 'secondary.main', textDecoration: 'underline' } as const;

/** The expiry date of a link from its timestamp in milliseconds, or '' when it is not a number. */
export function expiredDate(time: string | undefined): string {
  const millis = Number(time);
  if (time === undefined || time.trim() === '' || !Number.isFinite(millis)) return '';
  return formatDateBR(new Date(millis), PRODUCT_TIME_ZONE);
}

/** A public outcome page: logo, yellow header, the message, the evaluation id and the support lines. */
export default function OutcomePage({ kind, param }: { kind: OutcomeKind; param: string }) {
  const id = kind === 'expired' ? undefined : param;
  const time = kind === 'expired' ? param : undefined;
  const { message, icon, color } = outcomes[kind];
  const date = kind === 'expired' ? expiredDate(time) : '';
  const text = date ? `${message} ${date}` : message;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 720, mx: 'auto' }}>
          <svg width={35} height={35} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect width="24" height="24" rx="5" fill="#1a1a1a" />
            <path d="M6 18 11 5h2l5 13h-2.4l-1.2-3.2H9.6L8.4 18zm4.4-5.3h3.2L12 8.3z" fill="#F5C400" />
          </svg>
          <Box component="p" sx={{ typography: 'h6', fontWeight: 700, m: 0 }}>
            {messages.common.appName}
          </Box>
        </Box>
      </Box>
      <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
        <Card sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
          <Icon path={ICONS[icon]} size={56} color={color} />
          <Box component="h1" sx={{ typography: 'h5', mt: 1, mb: 0, overflowWrap: 'anywhere' }}>
            {text}
          </Box>
          {kind !== 'expired' && id && (
            <Box component="p" sx={{ typography: 'body1', color: 'text.secondary', mt: 1, mb: 0, overflowWrap: 'anywhere' }}>
              {format(messages.outcome.evaluation, { id })}
            </Box>
          )}
          <Box component="section" aria-labelledby="support-title" sx={{ mt: 3 }}>
            <Box component="h2" id="support-title" sx={{ typography: 'subtitle1', fontWeight: 700, m: 0 }}>
              {messages.outcome.supportTitle}
            </Box>
            <Box component="p" sx={{ typography: 'body1', m: 0 }}>
              {messages.outcome.supportEmailLabel}{' '}
              <Box component="a" href={`mailto:${messages.outcome.supportEmail}`} sx={linkSx}>
                {messages.outcome.supportEmail}
              </Box>
            </Box>
            <Box component="p" sx={{ typography: 'body1', m: 0 }}>
              {messages.outcome.supportWhatsAppLabel}{' '}
              <Box component="a" href={messages.outcome.supportWhatsApp} target="_blank" rel="noopener noreferrer" sx={linkSx}>
                {messages.outcome.supportPhone}
              </Box>
            </Box>
          </Box>
        </Card>
      </Box>
    </Box>
  );
}
