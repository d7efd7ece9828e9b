import { createContext, useContext } from 'react';
import Box from '../Box.ts';
import { messages } from '../../engine/messages.ts';

/**
 * Words added, unseen, to every question label inside (a staff form's section title): where several
 * sections ask the same question ('Nota'), each field's accessible name says which one it is.
 */
export const LabelContext = createContext('');

/** Visually hidden but read: the usual clip pattern. */
// In px, not sx numbers: for `sx`, a width of 1 means 100 % and a margin of -1 a theme spacing.
const hiddenSx = { position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** The numbered text of a question with the red asterisk and 'Obrigatória' for required ones. */
export function QuestionLabel({ number, text, required }: { number?: number; text: string; required?: boolean }) {
  const context = useContext(LabelContext);
  return (
    <>
      {number !== undefined && (
        <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
          {number}.
        </Box>
      )}
      {text}
      {context && (
        <>
          {' '}
          <Box component="span" sx={hiddenSx}>
            {context}
          </Box>
        </>
      )}
      {required && (
        <>
          <Box component="span" aria-hidden="true" sx={{ color: 'error.main', ml: 0.5 }}>
            *
          </Box>
          <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'error.dark', mt: 0.25 }}>
            {messages.form.requiredMark}
          </Box>
        </>
      )}
    </>
  );
}

/** The label's props for a question: its number unless hidden, its text and whether it is required. */
export function labelProps(question: { text: string; required?: boolean; hideNumber?: boolean }, number: number, required = question.required) {
  return { number: question.hideNumber ? undefined : number, text: question.text, required };
}
