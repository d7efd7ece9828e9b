import { ThemeProvider } from '@mui/system';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { QuestionnaireDefinition, WireItem } from '../../../../../engine/definition/types';
import { detailLines, type EvaluationLink } from '../../../../../engine/lifecycle/respondentLink';
import { messages } from '../../../../../engine/messages';
import Box from '../../../../../renderer/Box';
import { Card } from '../../../../../renderer/Card';
import { ActionButton } from '../../../../../renderer/controls';
import { preloadForm, QuestionnaireRunner } from '../../../../../renderer/QuestionnaireRunner';
import { theme } from '../../theme';
import { fromOwnOrigin, readShowMessage, type FrameMessage } from './protocol';

const p = messages.preview;

/** The evaluation a previewed form names in its detail lines (no evaluation exists). */
const SAMPLE_EVALUATION: EvaluationLink = {
  id: 'preview',
  user_id: 0,
  rated: 0,
  rated_sector: null,
  type_evaluation: 0,
  version: null,
  done: false,
  expire_at: null,
  evaluator_name: p.sampleEvaluator,
  rated_name: p.sampleRated,
  rated_sector_name: p.sampleSector,
};

/** Tells the preview screen (the parent page, same origin only). */
function tell(message: FrameMessage): void {
  window.parent.postMessage(message, window.location.origin);
}

/** A short text in the respondent pages' look, centred (waiting, finished, opened outside the screen). */
function Notice({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: 2, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Card sx={{ p: 3, maxWidth: 520, textAlign: 'center' }}>{children}</Card>
    </Box>
  );
}

/**
 * `/preview/frame`: the questionnaire form of the preview screen, in a frame of it so the form lays
 * itself out for the frame's width (a phone's, or the page's). It runs what the screen sends, with the
 * respondent pages' theme and runner; sending hands the wire items back to the screen, never to the
 * server. No sign-in: it shows only what its parent page, of the same origin, gives it.
 */
export default function PreviewFrame() {
  const framed = window.parent !== window;
  const [shown, setShown] = useState<{ run: number; definition: QuestionnaireDefinition } | null>(null);
  const [finished, setFinished] = useState<number | null>(null);
  const latest = useRef(-1);

  useEffect(() => {
    if (!framed) return;
    const onMessage = (event: MessageEvent) => {
      if (!fromOwnOrigin(event, window.parent)) return;
      const message = readShowMessage(event.data);
      if (!message || message.run === latest.current) return;
      latest.current = message.run;
      // The form's widgets load first, so it appears whole (as a respondent's page does).
      void preloadForm(message.definition)
        .catch(() => undefined)
        .then(() => {
          if (latest.current !== message.run) return;
          setShown({ run: message.run, definition: message.definition });
          window.scrollTo(0, 0);
        });
    };
    window.addEventListener('message', onMessage);
    tell({ kind: 'avalia-preview.ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [framed]);

  const run = shown?.run;
  const submit = useCallback(async (items: WireItem[]) => {
    if (run !== undefined) tell({ kind: 'avalia-preview.submitted', run, items });
  }, [run]);
  const submitted = useCallback(() => setFinished(run ?? null), [run]);

  let content: ReactNode;
  if (!framed) content = <Notice>{p.frameOnly}</Notice>;
  else if (!shown) content = <Notice>{p.frameWaiting}</Notice>;
  else if (finished === shown.run) {
    content = (
      <Notice>
        <Box component="p" sx={{ mt: 0, mb: 2 }}>
          {p.frameDone}
        </Box>
        <ActionButton onClick={() => tell({ kind: 'avalia-preview.restart' })}>{p.frameAgain}</ActionButton>
      </Notice>
    );
  } else {
    content = (
      <QuestionnaireRunner
        key={shown.run}
        definition={shown.definition}
        details={detailLines(shown.definition, SAMPLE_EVALUATION)}
        onSubmit={submit}
        onSubmitted={submitted}
        // A staff form (the interview) is never sent: each 'Salvar' hands its wire items to the screen.
        onSave={submit}
      />
    );
  }
  return <ThemeProvider theme={theme}>{content}</ThemeProvider>;
}
