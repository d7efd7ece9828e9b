import Box from '../Box.ts';
import { messages } from '../../engine/messages.ts';

/** The numbered text of a question with the red asterisk and 'Obrigatória' for required ones. */
export function QuestionLabel({ number, text, required }: { number?: number; text: string; required?: boolean }) {
  return (
    <>
      {number !== undefined && (
        <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
          {number}.
        </Box>
      )}
      {text}
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
