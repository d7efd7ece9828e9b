import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from './Logo.tsx';

/** The yellow header of every questionnaire: logo, title and optional detail lines. */
export function QuestionnaireHeader({ title, details }: { title: string; details?: string[] }) {
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 3 }, py: 2 }}>
      <Box sx={{ maxWidth: 880, mx: 'auto' }}>
        <Logo />
        <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {details?.map((line) => (
          <Typography key={line} variant="subtitle1">
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
