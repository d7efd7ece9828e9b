import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { pageQuestions } from '../engine/definition/questions.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition, WireItem } from '../engine/definition/types.ts';
import { questionnaireMachine } from '../engine/machine/questionnaireMachine.ts';
import { format, messages } from '../engine/messages.ts';
import { DefinitionDialog } from './DefinitionDialog.tsx';
import { ProgressFooter } from './ProgressFooter.tsx';
import { QuestionView } from './QuestionView.tsx';
import { QuestionnaireHeader } from './QuestionnaireHeader.tsx';
import { progressOf } from './progress.ts';

/** Props of the runner of any questionnaire definition. */
export interface QuestionnaireRunnerProps {
  /** The validated definition to run. */
  definition: QuestionnaireDefinition;
  /** Lines under the title (evaluated person, sector). */
  details?: string[];
  /** Answers kept from an earlier visit. */
  initialAnswers?: Answers;
  /** Sends the wire items; rejects on failure. */
  onSubmit: (items: WireItem[]) => Promise<void>;
  /** Called once after a successful send. */
  onSubmitted: () => void;
  /** Called on every answer change (to keep unsent answers). */
  onAnswersChange?: (answers: Answers) => void;
}

/** Runs any questionnaire definition with the one machine and draws it with the widget registry. */
export function QuestionnaireRunner({ definition, details, initialAnswers, onSubmit, onSubmitted, onAnswersChange }: QuestionnaireRunnerProps) {
  const { enqueueSnackbar } = useSnackbar();
  const machine = useMemo(
    () => questionnaireMachine.provide({ actors: { submit: fromPromise(({ input }) => onSubmit(input.items)) } }),
    [onSubmit],
  );
  const actor = useActorRef(machine, { input: { definition, answers: initialAnswers } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const { pageIndex, answers, errors, submitError } = state.context;

  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event) => enqueueSnackbar(event.message, { variant: event.variant })),
      actor.on('page.changed', () => window.scrollTo({ top: 0, behavior: 'smooth' })),
      actor.on('answers.changed', (event) => onAnswersChange?.(event.answers)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, enqueueSnackbar, onAnswersChange]);

  useEffect(() => {
    if (state.status === 'done') onSubmitted();
  }, [state.status, onSubmitted]);

  const setAnswer = useCallback((questionId: string, value: AnswerValue | undefined) => actor.send({ type: 'answer.set', questionId, value }), [actor]);
  const page = definition.pages[pageIndex];
  const lastPage = pageIndex === definition.pages.length - 1;
  const sending = state.matches('submitting') || state.status === 'done';
  const progress = progressOf(definition, pageIndex, answers);
  const errorOf = (id: string) => errors.find((error) => error.questionId === id)?.message;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 12 }}>
      <QuestionnaireHeader title={definition.title} details={details} />
      <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2 }}>
        {definition.intro && pageIndex === 0 && (
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {definition.intro}
          </Typography>
        )}
        {definition.pages.length > 1 && (
          <Typography variant="overline" component="p">
            {format(messages.form.pageOf, { n: pageIndex + 1, total: definition.pages.length })}
          </Typography>
        )}
        {page?.title && (
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {page.title}
          </Typography>
        )}
        {page?.description && <Typography sx={{ mb: 2 }}>{page.description}</Typography>}
        <Stack spacing={2} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
          {pageQuestions(definition, pageIndex).map((located) => (
            <Paper key={located.question.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
              <QuestionView
                located={located}
                definition={definition}
                value={answers[located.question.id]}
                error={errorOf(located.question.id)}
                onChange={setAnswer}
              />
            </Paper>
          ))}
        </Stack>
        {submitError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => actor.send({ type: 'submit' })}>
                {messages.form.retry}
              </Button>
            }
          >
            {submitError}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'space-between' }}>
          {pageIndex > 0 ? (
            <Button variant="outlined" color="secondary" onClick={() => actor.send({ type: 'page.back' })} disabled={sending}>
              {messages.form.back}
            </Button>
          ) : (
            <span />
          )}
          {lastPage ? (
            <Button
              variant="contained"
              size="large"
              onClick={() => actor.send({ type: 'submit' })}
              disabled={sending}
              startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {messages.form.submit}
            </Button>
          ) : (
            <Button variant="contained" size="large" onClick={() => actor.send({ type: 'page.next' })}>
              {messages.form.next}
            </Button>
          )}
        </Stack>
      </Box>
      <ProgressFooter label={progress.label} percent={progress.percent} />
      {definition.instructions && (
        <DefinitionDialog
          dialog={definition.instructions}
          open={state.matches('instructions')}
          onConfirm={() => actor.send({ type: 'dialog.confirm' })}
          onCancel={() => actor.send({ type: 'dialog.cancel' })}
        />
      )}
      {definition.confirmBeforeNext && (
        <DefinitionDialog
          dialog={definition.confirmBeforeNext}
          open={state.matches('confirmingNext')}
          onConfirm={() => actor.send({ type: 'dialog.confirm' })}
          onCancel={() => actor.send({ type: 'dialog.cancel' })}
        />
      )}
      {definition.confirmBeforeSubmit && (
        <DefinitionDialog
          dialog={definition.confirmBeforeSubmit}
          open={state.matches('confirmingSubmit')}
          onConfirm={() => actor.send({ type: 'dialog.confirm' })}
          onCancel={() => actor.send({ type: 'dialog.cancel' })}
        />
      )}
      <Dialog open={state.matches('submitting')} aria-labelledby="sending-text">
        <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} />
          <Typography id="sending-text">{messages.form.sending}</Typography>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
