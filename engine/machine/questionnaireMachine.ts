import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { encodeAnswers, encodeStaffAnswers } from '../answers/encoding.ts';
import { pageErrors, submissionErrors, valueErrors, type FieldError } from '../answers/validation.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition, ToastStyle, WireItem } from '../definition/types.ts';
import { format, messages } from '../messages.ts';

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
  /** Staff forms: whether 'Sincronizar' (auto-save) is on. */
  autoSave: boolean;
  /** Staff forms: seconds left before the next automatic save. */
  secondsLeft: number;
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
  | { type: 'dialog.cancel' }
  /** Staff forms: jump to any page (quick-jump links), whatever the state of the others. */
  | { type: 'page.goto'; pageIndex: number }
  /** Staff forms: save what is held now, errors included. */
  | { type: 'save' }
  /** Staff forms: 'Sincronizar' on or off (the countdown restarts). */
  | { type: 'autosave.toggle' }
  /** Staff forms: one second of the auto-save countdown (the renderer's clock sends one a second). */
  | { type: 'autosave.tick' };

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

/** The reason of a failed save, as the app's save actor rejected with it. */
const errorDetail = (error: unknown): string => (error instanceof Error && error.message ? error.message : messages.form.submitFailed);

const isStaff = (context: QuestionnaireContext): boolean => context.definition.staff !== undefined;
const autoSaveSeconds = (definition: QuestionnaireDefinition): number => definition.staff?.autoSaveSeconds ?? 0;

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
    /** Staff forms: stores the held answers (blanks included); provided by the app. */
    save: fromPromise<unknown, SubmitInput>(async () => {
      throw new Error('The save actor must be provided by the app.');
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
    isStaff: ({ context }) => isStaff(context),
    knownPage: ({ context, event }) => event.type === 'page.goto' && isStaff(context) && Number.isInteger(event.pageIndex) && event.pageIndex >= 0 && event.pageIndex < context.definition.pages.length,
    autoSaveDue: ({ context }) => context.autoSave && context.secondsLeft <= 1,
    autoSaveOn: ({ context }) => context.autoSave,
  },
  actions: {
    setAnswer: assign(({ context, event }) => {
      if (event.type !== 'answer.set') return {};
      const { [event.questionId]: _previous, ...others } = context.answers;
      const answers = event.value === undefined ? others : { ...others, [event.questionId]: event.value };
      // A staff form shows a bad value as soon as it is typed; nothing is ever refused for being missing.
      if (isStaff(context)) return { answers, errors: valueErrors(context.definition, answers) };
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
    goTo: assign(({ context, event }) => (event.type === 'page.goto' ? { pageIndex: event.pageIndex } : { pageIndex: context.pageIndex })),
    toggleAutoSave: assign(({ context }) => ({ autoSave: !context.autoSave, secondsLeft: autoSaveSeconds(context.definition) })),
    countDown: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    restartCountdown: assign(({ context }) => ({ secondsLeft: autoSaveSeconds(context.definition) })),
    saveNow: raise({ type: 'save' as const }),
    notifySaved: emit(({ context }) => ({
      type: 'notify' as const,
      variant: 'success' as const,
      message: context.definition.messages?.saved ?? messages.form.saved,
    })),
    notifySaveFailed: emit(({ context, event }) => ({
      type: 'notify' as const,
      variant: 'error' as const,
      message: format(context.definition.messages?.saveFailed ?? messages.form.saveFailed, {
        detail: errorDetail((event as { error?: unknown }).error),
      }),
    })),
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
    errors: input.definition.staff ? valueErrors(input.definition, input.answers ?? {}) : [],
    attempted: false,
    submitError: null,
    autoSave: false,
    secondsLeft: autoSaveSeconds(input.definition),
  }),
  initial: 'starting',
  on: {
    // Accepted in every state (an opening dialog included), so nothing chosen before the script ran is lost.
    'answers.restore': { actions: ['restoreAnswers', 'announceAnswers'] },
    'autosave.toggle': { guard: 'isStaff', actions: 'toggleAutoSave' },
    // At zero the countdown restarts and a save is asked for: taken while answering, skipped (not queued) while a save runs.
    'autosave.tick': [
      { guard: 'autoSaveDue', actions: ['restartCountdown', 'saveNow'] },
      { guard: 'autoSaveOn', actions: 'countDown' },
    ],
    'page.goto': { guard: 'knownPage', actions: ['goTo', 'announcePage'] },
  },
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
        save: { guard: 'isStaff', target: 'saving' },
        submit: [
          { guard: 'isStaff' },
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
    // Staff forms: the held answers are stored whatever their errors; typing goes on meanwhile.
    saving: {
      on: { 'answer.set': { actions: ['setAnswer', 'announceAnswers'] } },
      invoke: {
        src: 'save',
        input: ({ context }) => ({ items: encodeStaffAnswers(context.definition, context.answers), answers: context.answers }),
        onDone: { target: 'answering', actions: 'notifySaved' },
        onError: { target: 'answering', actions: 'notifySaveFailed' },
      },
    },
    submitted: { type: 'final' },
  },
});
