import Box from './Box.ts';
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { shownQuestions } from '../engine/definition/questions.ts';
import { answersFromFields } from '../engine/answers/formValues.ts';
import { answerSummary } from '../engine/answers/summary.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition, WireItem } from '../engine/definition/types.ts';
import { questionnaireMachine } from '../engine/machine/questionnaireMachine.ts';
import { format, messages } from '../engine/messages.ts';
import { ProgressFooter } from './ProgressFooter.tsx';
import { StaffForm } from './StaffForm.tsx';
import { QuestionView } from './QuestionView.tsx';
import { QuestionnaireHeader } from './QuestionnaireHeader.tsx';
import { Bar } from './Bar.tsx';
import { Card } from './Card.tsx';
import { ActionButton } from './controls.tsx';
import { Loading } from './Loading.tsx';
import { preloadable } from './preloadable.ts';
import { progressOf } from './progress.ts';
import { toast } from './toast.ts';
import { useActor } from './useActor.ts';
import { preloadWidgets, widgetSources } from './widgets/registry.ts';

// Dialogs load only for definitions that have them: a form without dialogs never downloads their code.
const dialogModule = preloadable(() => import('./DefinitionDialog.tsx'), 'DefinitionDialog');
const DefinitionDialog = dialogModule.Component;

const hasDialogs = (definition: QuestionnaireDefinition) => Boolean(definition.instructions ?? definition.confirmBeforeNext ?? definition.confirmBeforeSubmit);

/** Loads the code a definition's form draws with (its widgets, its dialogs), so it renders without waiting. */
export function preloadForm(definition: QuestionnaireDefinition): Promise<unknown> {
  return Promise.all([preloadWidgets(definition), hasDialogs(definition) ? dialogModule.preload() : undefined]);
}

/** The source files of that code (repository paths), for the server to hint their download early. */
export function formSources(definition: QuestionnaireDefinition): string[] {
  return [...widgetSources(definition), ...(hasDialogs(definition) ? ['renderer/DefinitionDialog.tsx'] : [])];
}

const refuse = async () => {
  throw new Error(messages.form.submitFailed);
};
const ignore = () => undefined;

const questionElementId = (questionId: string) => `question-${questionId}`;

/** Brings a refused question into view and puts the keyboard on its first field (after the page renders). */
function focusQuestion(questionId: string): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(questionElementId(questionId));
    element?.scrollIntoView({ block: 'center' });
    element?.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
  });
}

/** Props of the runner of any questionnaire definition. */
export interface QuestionnaireRunnerProps {
  /** The validated definition to run. */
  definition: QuestionnaireDefinition;
  /** Lines under the title (evaluated person, sector). */
  details?: string[];
  /** Answers kept from an earlier visit. */
  initialAnswers?: Answers;
  /**
   * The form is the server's HTML being hydrated: it starts unanswered, as the server drew it, then
   * takes `initialAnswers` and whatever the respondent chose in the native fields before the script ran.
   */
  hydrating?: boolean;
  /** Sends the wire items; rejects on failure. Keep it stable (useCallback): a new one restarts the form. */
  onSubmit?: (items: WireItem[]) => Promise<void>;
  /** Called once after a successful send. */
  onSubmitted?: () => void;
  /**
   * Staff forms (`staff` in the definition): stores the wire items of a save (blanks included);
   * rejects with an Error whose message says why. Keep it stable, like `onSubmit`.
   */
  onSave?: (items: WireItem[]) => Promise<void>;
  /** Staff forms: fields of the evaluation drawn above the sections (status, dates). */
  frame?: ReactNode;
  /** Called on every answer change (to keep unsent answers). */
  onAnswersChange?: (answers: Answers) => void;
  /** Shows a message to the respondent. Default: a toast. */
  notify?: (message: string, variant: 'error' | 'success' | 'info', durationMs?: number) => void;
}

/** Runs any questionnaire definition with the one machine and draws it with the widget registry. */
export function QuestionnaireRunner({ definition, details, initialAnswers, hydrating = false, onSubmit = refuse, onSubmitted = ignore, onSave = refuse, frame, onAnswersChange, notify = toast }: QuestionnaireRunnerProps) {
  const machine = useMemo(
    () =>
      questionnaireMachine.provide({
        actors: { submit: fromPromise(({ input }) => onSubmit(input.items)), save: fromPromise(({ input }) => onSave(input.items)) },
      }),
    [onSubmit, onSave],
  );
  const [state, actor] = useActor(machine, { definition, answers: hydrating ? {} : initialAnswers });
  const { pageIndex, answers, errors, submitError } = state.context;
  const form = useRef<HTMLFormElement>(null);

  // After hydration, before the first paint: React kept what the native fields hold; the machine takes it.
  const restore = useRef(hydrating ? initialAnswers ?? {} : null);
  useLayoutEffect(() => {
    const kept = restore.current;
    if (!kept || !form.current) return;
    restore.current = null;
    const fields = new FormData(form.current);
    const chosen = answersFromFields(definition, 0, {}, (name) => fields.getAll(name).map(String));
    const restored = { ...kept, ...chosen };
    if (Object.keys(restored).length > 0) actor.send({ type: 'answers.restore', answers: restored });
  }, [actor, definition]);

  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event) => notify(event.message, event.variant, event.durationMs)),
      // A staff form scrolls to the section itself (StaffForm); a respondent's next page starts at the top.
      actor.on('page.changed', () => !definition.staff && window.scrollTo({ top: 0, behavior: 'smooth' })),
      actor.on('errors.shown', (event) => focusQuestion(event.questionId)),
      actor.on('answers.changed', (event) => onAnswersChange?.(event.answers)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, definition, notify, onAnswersChange]);

  useEffect(() => {
    if (state.status === 'done') onSubmitted();
  }, [state.status, onSubmitted]);

  // Marks the document once the effects above have run, so the script has taken over the form (the
  // server's HTML has no such mark): what the browser tests wait for before treating the page as live.
  useEffect(() => {
    document.documentElement.dataset.formLive = 'true';
    return () => void delete document.documentElement.dataset.formLive;
  }, []);

  const setAnswer = useCallback((questionId: string, value: AnswerValue | undefined) => actor.send({ type: 'answer.set', questionId, value }), [actor]);
  if (definition.staff) return <StaffForm definition={definition} state={state} actor={actor} details={details} frame={frame} />;
  const page = definition.pages[pageIndex];
  const lastPage = pageIndex === definition.pages.length - 1;
  const sending = state.matches('submitting') || state.status === 'done';
  const progress = progressOf(definition, pageIndex, answers);
  const dialogs = [
    { dialog: definition.instructions, state: 'instructions' as const },
    { dialog: definition.confirmBeforeNext, state: 'confirmingNext' as const },
    { dialog: definition.confirmBeforeSubmit, state: 'confirmingSubmit' as const },
  ];
  const errorOf = (id: string) => errors.find((error) => error.questionId === id)?.message;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 12 }}>
      {/* First in the page: the server's HTML shows an opening dialog before the form under it is parsed. */}
      <Suspense fallback={null}>
        {dialogs.map(({ dialog, state: dialogState }) =>
          dialog && state.matches(dialogState) ? (
            <DefinitionDialog
              key={dialogState}
              dialog={dialog}
              summary={dialog.summary ? answerSummary(definition, answers) : undefined}
              onConfirm={() => actor.send({ type: 'dialog.confirm' })}
              onCancel={() => actor.send({ type: 'dialog.cancel' })}
            />
          ) : null,
        )}
      </Suspense>
      <QuestionnaireHeader title={definition.title} details={details} />
      <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2 }}>
        {definition.intro && pageIndex === 0 && (
          <Box component="p" sx={{ mt: 0, mb: 2, color: 'text.secondary' }}>
            {definition.intro}
          </Box>
        )}
        {definition.pages.length > 1 && definition.progress.kind === 'answered' && (
          <Box component="p" sx={{ typography: 'overline', m: 0 }}>
            {format(messages.form.pageOf, { n: pageIndex + 1, total: definition.pages.length })}
          </Box>
        )}
        {page?.title && (
          <Box component="h2" sx={{ typography: 'h5', mt: 0, mb: 1 }}>
            {page.title}
          </Box>
        )}
        {page?.description && (
          <Box component="p" sx={{ mt: 0, mb: 2 }}>
            {page.description}
          </Box>
        )}
        <Box component="form" ref={form} noValidate onSubmit={(event) => event.preventDefault()} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {/* A disabled default button: Enter in a field never submits the server's HTML form natively. */}
          <button type="submit" disabled hidden aria-hidden="true" />
          <Suspense fallback={<Loading />}>
            {shownQuestions(definition, answers, pageIndex).map((located) => (
              <Card
                key={located.question.id}
                id={questionElementId(located.question.id)}
                sx={{ p: { xs: 1.5, sm: 2 }, borderColor: errorOf(located.question.id) ? 'error.main' : undefined }}
              >
                <QuestionView
                  located={located}
                  definition={definition}
                  answers={answers}
                  error={errorOf(located.question.id)}
                  onChange={setAnswer}
                />
              </Card>
            ))}
          </Suspense>
        </Box>
        {submitError && (
          <Box role="alert" sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: '#fdecea', color: 'error.dark', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box component="p" sx={{ flex: '1 1 240px', m: 0 }}>
              {submitError}
            </Box>
            <ActionButton variant="outlined" danger onClick={() => actor.send({ type: 'submit' })}>
              {messages.form.retry}
            </ActionButton>
          </Box>
        )}
        <Box sx={{ mt: 3, display: 'flex', gap: 2, justifyContent: 'space-between' }}>
          {pageIndex > 0 ? (
            <ActionButton variant="outlined" large onClick={() => actor.send({ type: 'page.back' })} disabled={sending}>
              {messages.form.back}
            </ActionButton>
          ) : (
            <span />
          )}
          {lastPage ? (
            <ActionButton large onClick={() => actor.send({ type: 'submit' })} disabled={sending} data-action="submit">
              {messages.form.submit}
            </ActionButton>
          ) : (
            <ActionButton large onClick={() => actor.send({ type: 'page.next' })}>
              {messages.form.next}
            </ActionButton>
          )}
        </Box>
      </Box>
      <ProgressFooter label={progress.label} percent={progress.percent} />
      {sending && (
        <Box
          role="alert"
          aria-live="assertive"
          sx={{ position: 'fixed', inset: 0, zIndex: 3, bgcolor: 'rgba(0,0,0,0.45)', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
        >
          <Card sx={{ p: 3, minWidth: 260, textAlign: 'center' }}>
            <Box component="p" sx={{ mt: 0, mb: 1.5 }}>
              {definition.messages?.sending ?? messages.form.sending}
            </Box>
            <Bar />
          </Card>
        </Box>
      )}
    </Box>
  );
}
