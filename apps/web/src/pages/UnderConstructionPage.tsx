import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../engine/messages';

/** Placeholder for a private screen that is not built yet. */
export default function UnderConstructionPage() {
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {messages.layout.underConstruction}
      </Typography>
      <Typography>{messages.layout.underConstructionText}</Typography>
    </Paper>
  );
}
