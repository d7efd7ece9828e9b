import { describe, expect, it } from 'vitest';
import { formatIsoDate, frameFromSaved, framePairs, parseBrDate } from '../../../apps/web/src/pages/staffForm/formModel';

/*
 * The interview's frame: the evaluation's status and attendance dates around its questionnaire, sent
 * with every save as the pairs administration.md 5 lists ('status', then 'date' and 'show' as lists).
 */

describe('interview frame', () => {
  it('reads a saved interview: its status, and every date created or ticked as an option', () => {
    const frame = frameFromSaved({ evaluation_id: 'x', status: 'open', dates: ['2024-03-05'], show: ['2024-03-05', '2024-03-12'], answers: [] });
    expect(frame).toEqual({ status: 'open', dates: ['2024-03-05', '2024-03-12'], show: ['2024-03-05', '2024-03-12'] });
    expect(frameFromSaved({ evaluation_id: 'x', status: null, dates: [], show: [], answers: [] }).status).toBe('');
  });

  it('sends the status only when one was chosen, and the dates as lists', () => {
    expect(framePairs({ status: 'finished', dates: ['2024-03-05'], show: [] })).toEqual([
      { question: 'status', response: 'finished' },
      { question: 'date', response: ['2024-03-05'] },
      { question: 'show', response: [] },
    ]);
    expect(framePairs({ status: '', dates: [], show: [] }).map((pair) => pair.question)).toEqual(['date', 'show']);
  });

  it('converts Brazilian dates to ISO and back', () => {
    expect(parseBrDate('5/3/2024')).toBe('2024-03-05');
    expect(parseBrDate('31/02/2024')).toBeNull();
    expect(parseBrDate('2024-03-05')).toBeNull();
    expect(formatIsoDate('2024-03-05')).toBe('05/03/2024');
  });
});
