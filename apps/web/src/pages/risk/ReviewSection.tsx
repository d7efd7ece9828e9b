import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import type { ReviewTrigger, ReviewTriggerList, RiskReview } from '../../../../server/src/contract/riskReviews';
import { useApiData } from '../../api/useApiData';
import { LoadError, Loading } from '../../components/PageStates';
import { formatDateTime, formatDay } from '../../format';
import { reviewTriggersPath } from './reviewApi';
import { broughtForwardText, kindLabel, stateLabel } from './reviewFormat';
import { ReviewTriggerDialog } from './ReviewTriggerDialog';

const text = messages.screenReview;

/** A state's chip colours: the tints and text of MUI's standard alerts (readable, 4.5:1 and more), grey when unpublished. */
const STATE_STYLE: Record<RiskReview['state'], { bgcolor: string; color: string }> = {
  ok: { bgcolor: '#edf7ed', color: '#1e4620' },
  near: { bgcolor: '#fff4e5', color: '#663c00' },
  past: { bgcolor: '#fdeded', color: '#5f2120' },
  unpublished: { bgcolor: 'grey.200', color: 'text.primary' },
};

/** One questionnaire's review: the next day and its state, the publication it counts from, and the trigger that brought it forward. */
function ReviewCard({ review }: { review: RiskReview }) {
  const reason = broughtForwardText(review.due_trigger, text.broughtForward);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {review.next_review ? format(text.nextReview, { date: formatDay(review.next_review) }) : review.title}
        </Typography>
        <Chip size="small" label={stateLabel(review.state)} sx={{ ...STATE_STYLE[review.state], fontWeight: 600 }} />
      </Stack>
      {review.next_review && (
        <Typography variant="body2" color="text.secondary">
          {review.title}
        </Typography>
      )}
      <Typography variant="body2">
        {review.version === null
          ? text.unpublishedLine
          : format(text.publishedLine, { version: review.version, published: formatDay(review.published_on), due: formatDay(review.publication_due) })}
      </Typography>
      {reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {reason}
        </Typography>
      )}
    </Paper>
  );
}

/** A recorded trigger: what, when, by when, the description, who recorded it, and whether a publication answered it. */
function TriggerItem({ trigger, pending }: { trigger: ReviewTrigger; pending: boolean }) {
  const recorded = trigger.recorded_by ? format(text.recordedBy, { name: trigger.recorded_by, date: formatDateTime(trigger.recorded_at) }) : format(text.recordedOn, { date: formatDateTime(trigger.recorded_at) });
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {kindLabel(trigger.kind)}
        </Typography>
        <Chip size="small" label={pending ? text.pending : text.answered} sx={pending ? STATE_STYLE.near : undefined} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {format(text.occurredLine, { occurred: formatDay(trigger.occurred_on), reviewBy: formatDay(trigger.review_by) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {trigger.description}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {recorded}
      </Typography>
    </Box>
  );
}

interface ReviewSectionProps {
  companyId: number;
  /** Whether the account records triggers (administrators). */
  canRecord: boolean;
  /** The questionnaires with risk factors, for the dialog. */
  questionnaires: { type: number; title: string }[];
}

/**
 * 'Revisão da avaliação' on the risk screen (NR-1 1.5.4.4.6): for the company, each questionnaire's next
 * review day and its state, the triggers recorded (newest first, each pending or answered by a later
 * publication), and for administrators 'Registrar gatilho de revisão'.
 */
export function ReviewSection({ companyId, canRecord, questionnaires }: ReviewSectionProps) {
  const { data, loading, error, reload } = useApiData<ReviewTriggerList>(reviewTriggersPath(companyId));
  const [recording, setRecording] = useState(false);
  const pending = new Set((data?.reviews ?? []).flatMap((review) => review.triggers.map((trigger) => trigger.id)));

  return (
    <Box component="section" aria-labelledby="risk-review-heading" sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="risk-review-heading" component="h2" variant="h6" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {text.heading}
        </Typography>
        {canRecord && data && questionnaires.length > 0 && (
          <Button variant="contained" onClick={() => setRecording(true)}>
            {text.record}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text.about}
      </Typography>
      {loading && !data && <Loading />}
      {error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
      {data && !error && (
        <>
          {data.reviews.length === 0 ? (
            <Typography sx={{ mb: 2 }}>{text.noReviews}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(360px, 1fr))' }, mb: 2 }}>
              {data.reviews.map((review) => (
                <ReviewCard key={review.type} review={review} />
              ))}
            </Box>
          )}
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
            {text.triggersHeading}
          </Typography>
          {data.triggers.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {text.noTriggers}
            </Typography>
          ) : (
            <Paper variant="outlined" sx={{ px: 2, mt: 1 }}>
              <Box component="ul" aria-label={text.triggersList} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {data.triggers.map((trigger) => (
                  <TriggerItem key={trigger.id} trigger={trigger} pending={pending.has(trigger.id)} />
                ))}
              </Box>
            </Paper>
          )}
        </>
      )}
      {recording && data && <ReviewTriggerDialog companyId={companyId} questionnaires={questionnaires} today={data.today} onClose={() => setRecording(false)} onSaved={reload} />}
    </Box>
  );
}
