import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { format, messages } from '../../../../../engine/messages';
import type { RiskReviewList } from '../../../../server/src/contract/riskReviews';
import { useApiData } from '../../api/useApiData';
import { broughtForwardText, homeAlertText } from './reviewFormat';

const text = messages.screenReview;

/**
 * The home screen's alerts of the psychosocial risk assessment's review (NR-1 1.5.4.4.6): one per
 * company and questionnaire whose review is near (a warning) or past (an error, announced at once),
 * with why a trigger brought it forward and a link to the inventory. Nothing when every review is in
 * order; a failed load is a small note, never in the way of the greeting.
 */
export function ReviewAlerts() {
  const { data, error } = useApiData<RiskReviewList>('/risk/reviews');
  if (error) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {text.homeLoadError}
      </Typography>
    );
  }
  const due = (data?.reviews ?? []).filter((review) => review.state === 'near' || review.state === 'past');
  if (due.length === 0) return null;
  const titled = new Set(due.map((review) => review.type)).size > 1;
  return (
    <Box component="section" aria-label={text.homeHeading} sx={{ display: 'grid', gap: 1.5, mt: 3 }}>
      {due.map((review) => {
        const past = review.state === 'past';
        const reason = broughtForwardText(review.due_trigger);
        return (
          <Alert key={`${review.company_id}:${review.type}`} severity={past ? 'error' : 'warning'} role={past ? 'alert' : 'status'} sx={{ overflowWrap: 'anywhere' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {homeAlertText(review)}
            </Typography>
            {titled && <Typography variant="body2">{format(text.homeQuestionnaire, { title: review.title })}</Typography>}
            {reason && <Typography variant="body2">{reason}</Typography>}
            <Link component={RouterLink} to={`/inventario?company=${review.company_id}`} variant="body2" color="inherit" underline="always" aria-label={format(text.homeOpenLabel, { company: review.company_name })} sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600 }}>
              {text.homeOpen}
            </Link>
          </Alert>
        );
      })}
    </Box>
  );
}
