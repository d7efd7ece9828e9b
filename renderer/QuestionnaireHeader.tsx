import Box from './Box.ts';
import { Logo } from './Logo.tsx';

/** The yellow header of every questionnaire: logo, title and optional detail lines (`wide` for a staff form's wider page). */
export function QuestionnaireHeader({ title, details, wide = false }: { title: string; details?: string[]; wide?: boolean }) {
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 3 }, py: 2 }}>
      <Box sx={{ maxWidth: wide ? 1200 : 880, mx: 'auto' }}>
        <Logo />
        <Box component="h1" sx={{ typography: 'h5', mt: 1, mb: 0, fontWeight: 700 }}>
          {title}
        </Box>
        {details?.map((line) => (
          <Box component="p" key={line} sx={{ typography: 'subtitle1', m: 0 }}>
            {line}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
