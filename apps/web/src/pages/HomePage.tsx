import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isStaff } from '../../../../engine/accounts';
import { format, messages } from '../../../../engine/messages';
import { getUser } from '../auth/session';
import { ReviewAlerts } from './risk/ReviewAlerts';

/** The signed-in home: a greeting, a pointer to the side menu, and the risk assessments' reviews near or past. */
export default function HomePage() {
  const user = getUser();
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {format(messages.layout.homeWelcome, { name: user?.name ?? '' })}
      </Typography>
      <Typography>{messages.layout.homeText}</Typography>
      {isStaff(user?.type_account) && <ReviewAlerts />}
    </Paper>
  );
}
