import type { AnswerValue, Answers } from '../../../../engine/definition/types';

const key = (evaluationId: string) => `avalia.answers.${evaluationId}`;

/** Answers kept in this browser for an evaluation not yet sent (survive a reload or a lost connection). */
export function keptAnswers(evaluationId: string): Answers {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(evaluationId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, AnswerValue] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number' || (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'number')),
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps unsent answers; storage failures (private mode, quota) are ignored: the form still works. */
export function keepAnswers(evaluationId: string, answers: Answers): void {
  try {
    localStorage.setItem(key(evaluationId), JSON.stringify(answers));
  } catch {
    // Nothing to do: keeping answers is a convenience.
  }
}

/** Forgets the kept answers after a successful send. */
export function clearKeptAnswers(evaluationId: string): void {
  try {
    localStorage.removeItem(key(evaluationId));
  } catch {
    // Nothing to do.
  }
}
