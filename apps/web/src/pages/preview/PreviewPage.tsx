import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { QuestionnaireDefinition, WireItem } from '../../../../../engine/definition/types';
import { messages } from '../../../../../engine/messages';
import { useApiData } from '../../api/useApiData';
import { PageBody, PageHeader } from '../../components/PageStates';
import { CheckStatus } from './CheckStatus';
import type { QuestionnaireFile } from '../../../../server/src/contract/definitions';
import { DefinitionEditor } from './DefinitionEditor';
import { PreviewFrameHost, type PreviewView } from './PreviewFrameHost';
import type { FrameMessage } from './protocol';
import { ResultsPanel } from './ResultsPanel';
import { useDefinitionCheck } from './useDefinitionCheck';

const p = messages.preview;
const STATUS_ID = 'preview-check-status';

/** The form on show: its definition (and its JSON, to tell a real change), the run, and the answers sent in it. */
interface Shown {
  definition: QuestionnaireDefinition | null;
  key: string;
  run: number;
  items: WireItem[] | null;
}

type Action = { type: 'show'; definition: QuestionnaireDefinition } | { type: 'restart' } | { type: 'submitted'; run: number; items: WireItem[] };

/** A changed definition or a restart is a fresh form (a new run) with no answers; answers count only for their run. */
function shownReducer(state: Shown, action: Action): Shown {
  switch (action.type) {
    case 'show': {
      const key = JSON.stringify(action.definition);
      return key === state.key ? state : { definition: action.definition, key, run: state.run + 1, items: null };
    }
    case 'restart':
      return state.definition ? { ...state, run: state.run + 1, items: null } : state;
    case 'submitted':
      return action.run === state.run ? { ...state, items: action.items } : state;
  }
}

/**
 * Pré-visualização de questionários (/preview, administrators): any questionnaire definition, from the
 * repository or pasted or dropped in, checked as it is typed and run by the respondent's form on a
 * phone's width or the page's; what the answers score and the payload they would send show when the
 * form is sent. Nothing reaches the server but the check: no evaluation is created, no answer saved.
 */
export default function PreviewPage() {
  const files = useApiData<QuestionnaireFile[]>('/definitions/questionnaires');
  const [text, setText] = useState('');
  const { state } = useDefinitionCheck(text);
  const [shown, dispatch] = useReducer(shownReducer, { definition: null, key: '', run: 0, items: null });
  const [view, setView] = useState<PreviewView>('phone');
  const editor = useRef<HTMLTextAreaElement>(null);
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.kind === 'valid') dispatch({ type: 'show', definition: state.definition });
  }, [state]);

  // What the answers gave is under the form: brought into sight when it arrives.
  useEffect(() => {
    if (shown.items) results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shown.items]);

  const onFrameMessage = useCallback((message: Exclude<FrameMessage, { kind: 'avalia-preview.ready' }>) => {
    if (message.kind === 'avalia-preview.submitted') dispatch({ type: 'submitted', run: message.run, items: message.items });
    else dispatch({ type: 'restart' });
  }, []);

  const goTo = useCallback((offset: number) => {
    const field = editor.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(offset, Math.min(offset + 1, field.value.length));
  }, []);

  const phone = view === 'phone';
  return (
    <PageBody>
      <PageHeader title={p.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {p.about}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: phone ? { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' } : 'minmax(0, 1fr)' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <DefinitionEditor text={text} onText={setText} files={files} editorRef={editor} describedBy={STATUS_ID} />
          <CheckStatus id={STATUS_ID} text={text} state={state} stale={shown.definition !== null} onGoTo={goTo} />
        </Stack>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: phone ? 'center' : 'flex-start' }}>
            <ToggleButtonGroup exclusive size="small" aria-label={p.viewLabel} value={view} onChange={(_, next: PreviewView | null) => next && setView(next)}>
              <ToggleButton value="phone">{p.viewPhone}</ToggleButton>
              <ToggleButton value="page">{p.viewPage}</ToggleButton>
            </ToggleButtonGroup>
            <Button variant="outlined" color="inherit" disabled={!shown.definition} onClick={() => dispatch({ type: 'restart' })}>
              {p.restart}
            </Button>
          </Stack>
          <PreviewFrameHost definition={shown.definition} run={shown.run} view={view} onMessage={onFrameMessage} />
        </Stack>
      </Box>
      <Box ref={results} sx={{ scrollMarginTop: 80 }}>
        {shown.definition && shown.items ? (
          <ResultsPanel definition={shown.definition} items={shown.items} />
        ) : (
          <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
            <Typography color="text.secondary">{p.resultsWaiting}</Typography>
          </Paper>
        )}
      </Box>
    </PageBody>
  );
}
