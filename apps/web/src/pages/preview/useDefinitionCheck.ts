import { useEffect, useState } from 'react';
import type { DefinitionError } from '../../../../../engine/definition/parse';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types';
import type { VersionVerdict } from '../../../../server/src/contract/definitions';
import { errorMessage, request } from '../../api/client';
import { jsonSyntaxError, type JsonSyntaxError } from './jsonSyntax';

export type { VersionVerdict };

/** The verdict on the editor's text. */
export type CheckState =
  | { kind: 'empty' }
  | { kind: 'checking' }
  | { kind: 'syntax'; error: JsonSyntaxError }
  | { kind: 'invalid'; errors: DefinitionError[] }
  | { kind: 'valid'; definition: QuestionnaireDefinition; version?: VersionVerdict }
  | { kind: 'failed'; message: string };

/** What `POST /api/definitions/questionnaires/check` answers, with the definition typed once the parser accepted it. */
type CheckAnswer = { ok: true; definition: QuestionnaireDefinition; version?: VersionVerdict } | { ok: false; errors: DefinitionError[] };

/** Milliseconds of quiet typing before the text is checked. */
export const CHECK_DELAY_MS = 300;

/**
 * Checks the text once typing pauses: JSON syntax here (its line and column), then the definition with
 * the server's parser (`parseQuestionnaire`, `extends` resolved against the repository's files). The
 * parser runs there because it compiles its schema into code at run time, which the app's Content
 * Security Policy (no 'unsafe-eval') forbids in the browser. A newer text cancels an older check.
 * `pending` is true from a change until its verdict.
 */
export function useDefinitionCheck(text: string): { state: CheckState; pending: boolean } {
  const [verdict, setVerdict] = useState<{ text: string; state: CheckState }>({ text: '', state: { kind: 'empty' } });
  useEffect(() => {
    if (text.trim() === '') return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      let json: unknown;
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        const error = jsonSyntaxError(text) ?? { offset: 0, line: 1, column: 1, problem: 'unexpected' as const };
        setVerdict({ text, state: { kind: 'syntax', error } });
        return;
      }
      request<CheckAnswer>('/definitions/questionnaires/check', { method: 'POST', body: { definition: json }, signal: controller.signal }).then(
        (answer) => setVerdict({ text, state: answer.ok ? { kind: 'valid', definition: answer.definition, version: answer.version } : { kind: 'invalid', errors: answer.errors } }),
        (failure: unknown) => {
          if (!controller.signal.aborted) setVerdict({ text, state: { kind: 'failed', message: errorMessage(failure) } });
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  if (text.trim() === '') return { state: { kind: 'empty' }, pending: false };
  const pending = verdict.text !== text;
  return { state: pending && verdict.state.kind === 'empty' ? { kind: 'checking' } : verdict.state, pending };
}
