import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../engine/messages';

/** Placeholder until the screen lands (issue 27). */
export default function ActionPlanPage() {
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1">
        {messages.screenActionPlan.title}
      </Typography>
    </Paper>
  );
}
