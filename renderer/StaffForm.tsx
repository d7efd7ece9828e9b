import Box from './Box.ts';
import { Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Actor, SnapshotFrom } from 'xstate';
import { rulesFor } from '../engine/definition/kinds.ts';
import { shownQuestions, type LocatedQuestion } from '../engine/definition/questions.ts';
import type { AnswerValue, Answers, GradeGuide, Page, QuestionnaireDefinition, StaffMode } from '../engine/definition/types.ts';
import type { questionnaireMachine } from '../engine/machine/questionnaireMachine.ts';
import { format, messages } from '../engine/messages.ts';
import { guideRange } from '../engine/answers/grade.ts';
import { ActionButton } from './controls.tsx';
import { Loading } from './Loading.tsx';
import { QuestionnaireHeader } from './QuestionnaireHeader.tsx';
import { QuestionView } from './QuestionView.tsx';
import { LabelContext } from './widgets/QuestionLabel.tsx';

type Snapshot = SnapshotFrom<typeof questionnaireMachine>;
type MachineActor = Actor<typeof questionnaireMachine>;

/** A page of the form with its number (1…, dialogs excluded) and index in the definition. */
interface Section {
  page: Page;
  index: number;
  number: number;
}

/** The form's numbered sections (every page not drawn as a dialog), and its dialog pages. */
export function staffSections(definition: QuestionnaireDefinition): { sections: Section[]; dialogs: Section[] } {
  const sections: Section[] = [];
  const dialogs: Section[] = [];
  definition.pages.forEach((page, index) => {
    if (page.display === 'dialog') dialogs.push({ page, index, number: 0 });
    else sections.push({ page, index, number: sections.length + 1 });
  });
  return { sections, dialogs };
}

const fill = (template: string, section: Section) => format(template, { n: section.number, title: section.page.title ?? '' });

/**
 * Whether a section counts as done for its jump link: its yes/no mark ticked when it has one (the
 * interview's 'Revisado'), else every question answered.
 */
export function sectionDone(definition: QuestionnaireDefinition, pageIndex: number, answers: Answers): { done: boolean; marked: boolean } {
  const questions = shownQuestions(definition, answers, pageIndex);
  const mark = questions.find(({ question }) => question.kind === 'boolean');
  if (mark) return { done: answers[mark.question.id] === true, marked: true };
  const done = questions.every(({ question }) => {
    const value = answers[question.id];
    return value !== undefined && rulesFor(question).isAnswered(value);
  });
  return { done, marked: false };
}

/** A small tick or cross drawn inline. */
function Mark({ done }: { done: boolean }) {
  return (
    <Box component="svg" viewBox="0 0 16 16" aria-hidden="true" sx={{ width: 14, height: 14, color: done ? 'success.main' : 'error.main' }}>
      {done ? (
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </Box>
  );
}

function JumpLinks({ staff, sections, definition, answers, onJump }: { staff: StaffMode; sections: Section[]; definition: QuestionnaireDefinition; answers: Answers; onJump: (section: Section) => void }) {
  return (
    <Box component="nav" aria-label={staff.jumpLinks.label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {sections.map((section) => {
        const { done, marked } = sectionDone(definition, section.index, answers);
        const texts = staff.jumpLinks;
        const label = marked ? (done ? texts.checked : texts.unchecked) : done ? texts.filled : texts.empty;
        return (
          <Box
            component="a"
            key={section.index}
            href={`#${fill(staff.anchor, section)}`}
            aria-label={fill(label, section)}
            onClick={(event: React.MouseEvent) => {
              // The router owns the URL: the machine moves to the section, which scrolls and takes the focus.
              event.preventDefault();
              onJump(section);
            }}
            sx={{
              display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, minWidth: 44, minHeight: 32,
              border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.primary', bgcolor: 'background.paper', textDecoration: 'none',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
            }}
          >
            {section.number}
            <Mark done={done} />
          </Box>
        );
      })}
    </Box>
  );
}

/** The legend of a grade guide ('9,1 a 10: Excelente'), always in view above the sections. */
function GuideLegend({ guide }: { guide: GradeGuide }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
      {/* Sizes spelled out: the respondent pages' theme (the preview) has no typography variants. */}
      <Box component="h2" id={id} sx={{ fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.6, m: 0, mb: 0.5 }}>
        {guide.title}
      </Box>
      <Box component="ul" sx={{ fontSize: '0.875rem', lineHeight: 1.5, m: 0, pl: 2.5, columnGap: 3, columns: { xs: 1, sm: 2, md: 4 } }}>
        {guide.bands.map((band) => (
          <li key={band.from}>{format(messages.form.gradeGuideItem, { range: guideRange(band), label: band.label })}</li>
        ))}
      </Box>
    </Box>
  );
}

/** The questions of one page, each labelled (unseen) with the section's title when the page asks several. */
function Questions({ located, definition, answers, errorOf, onChange, context }: {
  located: LocatedQuestion[];
  definition: QuestionnaireDefinition;
  answers: Answers;
  errorOf: (id: string) => string | undefined;
  onChange: (questionId: string, value: AnswerValue | undefined) => void;
  context: string;
}) {
  return (
    <LabelContext.Provider value={located.length > 1 ? context : ''}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {located.map((entry) => (
          <Box key={entry.question.id} id={`question-${entry.question.id}`} sx={{ flex: entry.question.kind === 'text' || entry.question.kind === 'richText' ? '1 1 260px' : '0 1 auto', minWidth: 0 }}>
            <QuestionView located={entry} definition={definition} answers={answers} error={errorOf(entry.question.id)} onChange={onChange} />
          </Box>
        ))}
      </Box>
    </LabelContext.Provider>
  );
}

/** A dialog page (the confidential comments): the browser's modal `<dialog>`, closed by 'Concluir' or Esc. */
function PageDialog({ section, onClose, children }: { section: Section; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = ref.current;
    if (element && typeof element.showModal === 'function' && !element.open) element.showModal();
  }, []);
  return (
    <Box
      component="dialog"
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event: React.SyntheticEvent) => {
        event.preventDefault();
        onClose();
      }}
      sx={{
        border: 0, borderRadius: 2, boxShadow: 24, p: { xs: 2, sm: 3 }, width: 'min(880px, calc(100% - 24px))', maxHeight: 'calc(100% - 24px)',
        '&::backdrop': { bgcolor: 'rgba(0, 0, 0, 0.5)' },
      }}
    >
      <Box component="h2" id={`${id}-title`} sx={{ fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.6, mt: 0, mb: 1 }}>
        {section.page.title}
      </Box>
      {section.page.description && (
        <Box component="p" sx={{ mt: 0, mb: 1.5, color: 'text.secondary' }}>
          {section.page.description}
        </Box>
      )}
      {children}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <ActionButton onClick={onClose}>{messages.form.dialogDone}</ActionButton>
      </Box>
    </Box>
  );
}

/** Props of the staff form's layout (the runner passes the machine it runs). */
export interface StaffFormProps {
  /** A definition with `staff`. */
  definition: QuestionnaireDefinition;
  state: Snapshot;
  actor: MachineActor;
  details?: string[];
  /** Fields of the evaluation drawn above the sections (the interview's status and attendance dates). */
  frame?: ReactNode;
}

/**
 * A form filled by staff (the 360 interview): every page on one screen as a numbered section, quick-jump
 * links that tick when a section is done, the grade guides, the dialog pages behind buttons, and a
 * footer with 'Sincronizar' (auto-save every `autoSaveSeconds`, with its countdown) and 'Salvar'.
 * Bad values show under their fields as they are typed; saving never waits for them.
 */
export function StaffForm({ definition, state, actor, details, frame }: StaffFormProps) {
  const staff = definition.staff as StaffMode;
  const { answers, errors, autoSave, secondsLeft } = state.context;
  const { sections, dialogs } = useMemo(() => staffSections(definition), [definition]);
  const saving = state.matches('saving');
  // Which dialog page is open: a view of the screen, not a step of the form.
  const [openDialog, setOpenDialog] = useState<number | null>(null);

  // The renderer's clock: one tick a second for the machine's countdown, while the form is shown.
  useEffect(() => {
    const timer = setInterval(() => actor.send({ type: 'autosave.tick' }), 1000);
    return () => clearInterval(timer);
  }, [actor]);

  // A jump moves the machine; the section it lands on scrolls into view and takes the focus.
  useEffect(() => {
    const subscription = actor.on('page.changed', ({ pageIndex }) => {
      const section = sections.find((item) => item.index === pageIndex);
      if (!section) return;
      const target = document.getElementById(fill(staff.anchor, section));
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      target?.focus({ preventScroll: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, sections, staff.anchor]);

  const errorOf = (id: string) => errors.find((error) => error.questionId === id)?.message;
  const setAnswer = (questionId: string, value: AnswerValue | undefined) => actor.send({ type: 'answer.set', questionId, value });
  const guides = Object.entries(definition.guides ?? {}).filter(([key]) =>
    definition.pages.some((page) => page.questions.some((question) => question.kind === 'grade' && question.guide === key)),
  );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 14 }}>
      <QuestionnaireHeader title={definition.title} details={details} wide />
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <JumpLinks staff={staff} sections={sections} definition={definition} answers={answers} onJump={(section) => actor.send({ type: 'page.goto', pageIndex: section.index })} />
        {frame}
        {guides.map(([key, guide]) => (
          <GuideLegend key={key} guide={guide} />
        ))}
        <Suspense fallback={<Loading />}>
          {sections.map((section) => {
            const title = fill(staff.sectionTitle, section);
            const anchor = fill(staff.anchor, section);
            return (
              <Box
                component="section"
                key={section.index}
                id={anchor}
                tabIndex={-1}
                aria-labelledby={`${anchor}-title`}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', p: 2, scrollMarginTop: 16, '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main' } }}
              >
                <Box component="h2" id={`${anchor}-title`} sx={{ fontSize: '1.1rem', fontWeight: 500, lineHeight: 1.6, mt: 0, mb: section.page.description ? 0.5 : 1.5 }}>
                  {title}
                </Box>
                {section.page.description && (
                  <Box component="p" sx={{ mt: 0, mb: 1.5, color: 'text.secondary' }}>
                    {section.page.description}
                  </Box>
                )}
                <Questions located={shownQuestions(definition, answers, section.index)} definition={definition} answers={answers} errorOf={errorOf} onChange={setAnswer} context={title} />
              </Box>
            );
          })}
        </Suspense>
      </Box>

      <Box
        component="footer"
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 10, px: { xs: 1.5, sm: 3 }, py: 1, bgcolor: 'background.paper', boxShadow: 6 }}
      >
        <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          {dialogs.map((dialog) => (
            <ActionButton key={dialog.index} variant="outlined" onClick={() => setOpenDialog(dialog.index)}>
              {dialog.page.title}
            </ActionButton>
          ))}
          <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 44, cursor: 'pointer' }}>
            <Box
              component="input"
              type="checkbox"
              role="switch"
              checked={autoSave}
              onChange={() => actor.send({ type: 'autosave.toggle' })}
              sx={{ width: 20, height: 20, m: 0, accentColor: '#1f2a44', cursor: 'pointer', '&:focus-visible': { outline: '3px solid #1f2a44', outlineOffset: 2 } }}
            />
            {messages.form.sync}
          </Box>
          <Box component="span" role="timer" aria-live="off" sx={{ fontSize: '0.875rem', color: 'text.secondary', minWidth: 120 }}>
            {autoSave ? format(messages.form.syncCountdown, { seconds: secondsLeft }) : messages.form.syncOff}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <ActionButton onClick={() => actor.send({ type: 'save' })} disabled={saving} aria-busy={saving}>
            {saving ? messages.form.saving : messages.form.save}
          </ActionButton>
        </Box>
      </Box>

      {dialogs
        .filter((dialog) => dialog.index === openDialog)
        .map((dialog) => (
            <PageDialog key={dialog.index} section={dialog} onClose={() => setOpenDialog(null)}>
              <Suspense fallback={<Loading />}>
                <Questions located={shownQuestions(definition, answers, dialog.index)} definition={definition} answers={answers} errorOf={errorOf} onChange={setAnswer} context={dialog.page.title ?? ''} />
              </Suspense>
            </PageDialog>
          ))}
    </Box>
  );
}
