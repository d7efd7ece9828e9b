import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { encodeAnswers } from '../answers/encoding.ts';
import { pageErrors, submissionErrors, type FieldError } from '../answers/validation.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition, ToastStyle, WireItem } from '../definition/types.ts';
import { messages } from '../messages.ts';

/** What the machine starts from. */
export interface QuestionnaireInput {
  /** The parsed definition to run. */
  definition: QuestionnaireDefinition;
  /** Answers kept from an earlier visit. Default none. */
  answers?: Answers;
}

/** The machine's state data. */
export interface QuestionnaireContext {
  /** The definition being run. */
  definition: QuestionnaireDefinition;
  /** Index of the page shown, from 0. */
  pageIndex: number;
  /** Answers so far, keyed by question id. */
  answers: Answers;
  /** Errors of the page shown, once the respondent tried to leave it; empty otherwise. */
  errors: FieldError[];
  /** Whether the respondent already tried to leave the page (errors then update live). */
  attempted: boolean;
  /** Message of the last failed send, cleared on the next try. */
  submitError: string | null;
}

/** Events the renderer sends. */
export type QuestionnaireEvent =
  | { type: 'answer.set'; questionId: string; value: AnswerValue | undefined }
  /** Answers given before the form was live (kept in the browser, or chosen on the server-rendered page). */
  | { type: 'answers.restore'; answers: Answers }
  | { type: 'page.next' }
  | { type: 'page.back' }
  | { type: 'submit' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

/** Events the machine emits for the renderer (toasts, scrolling). */
export type QuestionnaireEmitted =
  | { type: 'notify'; message: string; variant: 'error' | 'success' | 'info'; durationMs?: number }
  | { type: 'page.changed'; pageIndex: number }
  | { type: 'errors.shown'; questionId: string }
  | { type: 'answers.changed'; answers: Answers };

/** What the submit actor receives: the wire items plus the answers they came from. */
export interface SubmitInput {
  /** Wire items of `POST /tableresponse/multiple`. */
  items: WireItem[];
  /** Held answers. */
  answers: Answers;
}

/** The toasts of refused answers: the first error, or each one when the definition asks for every error. */
function errorToasts(context: QuestionnaireContext, style: ToastStyle | undefined): QuestionnaireEmitted[] {
  const everyError = context.definition.messages?.toastEveryError ?? false;
  const shown = everyError ? context.errors : context.errors.slice(0, 1);
  const texts = shown.length > 0 ? shown.map((error) => error.message) : [messages.form.required];
  return texts.map((message) => ({ type: 'notify', message, variant: style?.variant ?? 'error', ...(style?.durationMs ? { durationMs: style.durationMs } : {}) }));
}

const isLastPage = (context: QuestionnaireContext): boolean => context.pageIndex >= context.definition.pages.length - 1;

/**
 * The one machine that runs every questionnaire: instructions, pages, validation, confirmations and a
 * single send. The send itself is the `submit` actor, provided by the app (`machine.provide`).
 */
export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput,
    emitted: {} as QuestionnaireEmitted,
  },
  actors: {
    submit: fromPromise<unknown, SubmitInput>(async () => {
      throw new Error('The submit actor must be provided by the app.');
    }),
  },
  guards: {
    hasInstructions: ({ context }) => context.definition.instructions !== undefined,
    pageInvalid: ({ context }) => pageErrors(context.definition, context.pageIndex, context.answers).length > 0,
    submissionInvalid: ({ context }) => submissionErrors(context.definition, context.answers).length > 0,
    isLastPage: ({ context }) => isLastPage(context),
    isFirstPage: ({ context }) => context.pageIndex === 0,
    confirmsNext: ({ context }) => context.definition.confirmBeforeNext !== undefined,
    confirmsSubmit: ({ context }) => context.definition.confirmBeforeSubmit !== undefined,
  },
  actions: {
    setAnswer: assign(({ context, event }) => {
      if (event.type !== 'answer.set') return {};
      const { [event.questionId]: _previous, ...others } = context.answers;
      const answers = event.value === undefined ? others : { ...others, [event.questionId]: event.value };
      return {
        answers,
        errors: context.attempted ? pageErrors(context.definition, context.pageIndex, answers) : context.errors,
      };
    }),
    restoreAnswers: assign(({ context, event }) => (event.type === 'answers.restore' ? { answers: { ...context.answers, ...event.answers } } : {})),
    announceAnswers: emit(({ context }) => ({ type: 'answers.changed' as const, answers: context.answers })),
    showPageErrors: assign(({ context }) => ({
      attempted: true,
      errors: pageErrors(context.definition, context.pageIndex, context.answers),
    })),
    showSubmissionErrors: assign(({ context }) => {
      const errors = submissionErrors(context.definition, context.answers);
      const firstPage = context.definition.pages.findIndex((page) => page.questions.some((question) => question.id === errors[0]?.questionId));
      const pageIndex = firstPage >= 0 ? firstPage : context.pageIndex;
      return { attempted: true, pageIndex, errors: pageErrors(context.definition, pageIndex, context.answers) };
    }),
    notifyNextErrors: enqueueActions(({ context, enqueue }) => {
      for (const toast of errorToasts(context, context.definition.messages?.nextToast)) enqueue.emit(toast);
    }),
    notifySubmitErrors: enqueueActions(({ context, enqueue }) => {
      for (const toast of errorToasts(context, context.definition.messages?.submitToast)) enqueue.emit(toast);
    }),
    announceErrors: emit(({ context }) => ({ type: 'errors.shown' as const, questionId: context.errors[0]?.questionId ?? '' })),
    goNext: assign(({ context }) => ({ pageIndex: context.pageIndex + 1, errors: [], attempted: false })),
    goBack: assign(({ context }) => ({ pageIndex: Math.max(0, context.pageIndex - 1), errors: [], attempted: false })),
    announcePage: emit(({ context }) => ({ type: 'page.changed' as const, pageIndex: context.pageIndex })),
    clearSubmitError: assign({ submitError: null }),
    rememberSubmitError: assign(({ context }) => ({
      submitError: context.definition.messages?.submitFailed ?? messages.form.submitFailed,
    })),
    notifySubmitted: emit(({ context }) => ({
      type: 'notify' as const,
      variant: 'success' as const,
      message: context.definition.messages?.submitted ?? messages.form.submitted,
    })),
    notifySubmitFailed: emit(({ context }) => ({
      type: 'notify' as const,
      variant: 'error' as const,
      message: context.submitError ?? messages.form.submitFailed,
    })),
  },
}).createMachine({
  id: 'questionnaire',
  context: ({ input }) => ({
    definition: input.definition,
    pageIndex: 0,
    answers: input.answers ?? {},
    errors: [],
    attempted: false,
    submitError: null,
  }),
  initial: 'starting',
  // Accepted in every state (an opening dialog included), so nothing chosen before the script ran is lost.
  on: { 'answers.restore': { actions: ['restoreAnswers', 'announceAnswers'] } },
  states: {
    starting: {
      always: [{ guard: 'hasInstructions', target: 'instructions' }, { target: 'answering' }],
    },
    instructions: {
      on: { 'dialog.confirm': 'answering', 'dialog.cancel': 'answering' },
    },
    answering: {
      on: {
        'answer.set': { actions: ['setAnswer', 'announceAnswers'] },
        'page.next': [
          { guard: 'isLastPage' },
          { guard: 'pageInvalid', actions: ['showPageErrors', 'notifyNextErrors', 'announceErrors'] },
          { guard: 'confirmsNext', target: 'confirmingNext' },
          { actions: ['goNext', 'announcePage'] },
        ],
        'page.back': [{ guard: 'isFirstPage' }, { actions: ['goBack', 'announcePage'] }],
        submit: [
          { guard: 'submissionInvalid', actions: ['showSubmissionErrors', 'notifySubmitErrors', 'announceErrors'] },
          { guard: 'confirmsSubmit', target: 'confirmingSubmit' },
          { target: 'submitting' },
        ],
      },
    },
    confirmingNext: {
      on: {
        'dialog.confirm': { target: 'answering', actions: ['goNext', 'announcePage'] },
        'dialog.cancel': 'answering',
      },
    },
    confirmingSubmit: {
      on: { 'dialog.confirm': 'submitting', 'dialog.cancel': 'answering' },
    },
    submitting: {
      entry: 'clearSubmitError',
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ items: encodeAnswers(context.definition, context.answers), answers: context.answers }),
        onDone: { target: 'submitted', actions: 'notifySubmitted' },
        onError: { target: 'answering', actions: ['rememberSubmitError', 'notifySubmitFailed'] },
      },
    },
    submitted: { type: 'final' },
  },
});
