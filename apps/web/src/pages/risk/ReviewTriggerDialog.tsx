import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REVIEW_TRIGGER_KINDS, TRIGGER_DESCRIPTION_MAX, TRIGGER_DESCRIPTION_MIN, triggerDaysProblem, triggerReviewBy } from '../../../../../engine/lifecycle/riskReview';
import { format, messages } from '../../../../../engine/messages';
import { isIsoDate } from '../../../../../engine/rules/dates';
import { errorMessage } from '../../api/client';
import { formatDay } from '../../format';
import { useToast } from '../../toast';
import { recordTrigger } from './reviewApi';
import { kindLabel } from './reviewFormat';
import { CountedHelper, RiskFormDialog } from './RiskFormDialog';

const text = messages.screenReview;


interface ReviewTriggerDialogProps {
  companyId: number;
  /** The questionnaires with risk factors (a select when there are several). */
  questionnaires: { type: number; title: string }[];
  /** Today in the app's time zone (`YYYY-MM-DD`), as the server said. */
  today: string;
  onClose(): void;
  onSaved(): void;
}

/**
 * 'Registrar gatilho de revisão' (administrators): the questionnaire, what happened (a change in work
 * organisation, an accident or work-related illness, an ineffective measure), when, by when the review
 * is due (30 days after when left blank) and a description. Kept as recorded: the dialog says so.
 */
export function ReviewTriggerDialog({ companyId, questionnaires, today, onClose, onSaved }: ReviewTriggerDialogProps) {
  const toast = useToast();
  const [type, setType] = useState(String(questionnaires[0]?.type ?? ''));
  const [kind, setKind] = useState('');
  const [occurredOn, setOccurredOn] = useState(today);
  const [reviewBy, setReviewBy] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const occurredValid = isIsoDate(occurredOn);
  const reviewByValid = reviewBy === '' || isIsoDate(reviewBy);
  const defaultReviewBy = occurredValid ? triggerReviewBy(occurredOn) : '';
  const daysProblem = occurredValid && reviewByValid ? triggerDaysProblem(occurredOn, reviewBy || defaultReviewBy, today) : null;
  const occurredError = !occurredValid ? text.occurredOnRequired : daysProblem === 'occurredInFuture' ? text.occurredInFuture : null;
  const reviewByError = !reviewByValid ? messages.review.reviewByInvalid : daysProblem === 'reviewBeforeOccurred' ? text.reviewBeforeOccurred : null;
  const length = description.trim().length;
  const descriptionError = length < TRIGGER_DESCRIPTION_MIN ? format(text.descriptionShort, { min: TRIGGER_DESCRIPTION_MIN }) : length > TRIGGER_DESCRIPTION_MAX ? format(text.descriptionLong, { max: TRIGGER_DESCRIPTION_MAX }) : null;
  const kindMissing = kind === '';

  const submit = async () => {
    setTouched(true);
    if (kindMissing || type === '' || occurredError || reviewByError || descriptionError) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await recordTrigger(companyId, { type: Number(type), kind, occurred_on: occurredOn, review_by: reviewBy || null, description: description.trim() });
      toast.success(answer.message ?? text.saved);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const showDescriptionError = touched && descriptionError !== null;
  return (
    <RiskFormDialog
      id="review-trigger"
      title={text.dialogTitle}
      about={<DialogContentText sx={{ mb: 1 }}>{text.dialogNote}</DialogContentText>}
      busy={busy}
      failure={failure}
      submitLabel={text.save}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {questionnaires.length > 1 && (
        <TextField select fullWidth margin="dense" required label={text.fieldQuestionnaire} value={type} disabled={busy} onChange={(event) => setType(event.target.value)}>
          {questionnaires.map((questionnaire) => (
            <MenuItem key={questionnaire.type} value={String(questionnaire.type)}>
              {questionnaire.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        fullWidth
        margin="dense"
        required
        label={text.fieldKind}
        value={kind}
        disabled={busy}
        onChange={(event) => setKind(event.target.value)}
        error={touched && kindMissing}
        helperText={touched && kindMissing ? text.kindRequired : undefined}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 560 } } } } } }}
      >
        {REVIEW_TRIGGER_KINDS.map((value) => (
          <MenuItem key={value} value={value} sx={{ whiteSpace: 'normal' }}>
            {kindLabel(value)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <TextField
          type="date"
          fullWidth
          margin="dense"
          required
          label={text.fieldOccurredOn}
          value={occurredOn}
          disabled={busy}
          onChange={(event) => setOccurredOn(event.target.value)}
          error={touched && occurredError !== null}
          helperText={touched && occurredError ? occurredError : ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <TextField
          type="date"
          fullWidth
          margin="dense"
          label={text.fieldReviewBy}
          value={reviewBy}
          disabled={busy}
          onChange={(event) => setReviewBy(event.target.value)}
          error={touched && reviewByError !== null}
          helperText={touched && reviewByError ? reviewByError : defaultReviewBy ? format(text.reviewByDefault, { date: formatDay(defaultReviewBy) }) : text.reviewByHelp}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: occurredValid ? occurredOn : undefined } }}
        />
      </Stack>
      <TextField
        fullWidth
        margin="dense"
        required
        multiline
        minRows={4}
        label={text.fieldDescription}
        value={description}
        disabled={busy}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => description !== '' && setTouched(true)}
        error={showDescriptionError}
        slotProps={{ htmlInput: { maxLength: TRIGGER_DESCRIPTION_MAX } }}
        helperText={<CountedHelper message={showDescriptionError ? descriptionError : text.descriptionHelp} count={description.length} max={TRIGGER_DESCRIPTION_MAX} />}
      />
    </RiskFormDialog>
  );
}
