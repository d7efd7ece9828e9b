import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffFormPage from '../../../apps/web/src/pages/StaffFormPage';

/*
 * The staff form page (/interview360/{evaluation}, jsdom): it loads the evaluation, then the definition
 * the evaluation names (its type's file in the catalogue, at its recorded version, as a respondent's
 * link does), then the saved answers, and saves with the form's type from that definition.
 */

const evaluation = {
  id: 'ev1',
  user_id: 7,
  rated: 5,
  rated_sector: null,
  rated_sector_name: null,
  type_evaluation: 11,
  version: 1,
  done: false,
  expire_at: null,
  evaluator_name: 'Ana Avaliadora',
  rated_name: 'Bruno Avaliado',
  definition_version: '1.0',
};

const saved = { evaluation_id: 'ev1', status: 'open', dates: ['2024-03-01'], show: ['2024-03-01'], answers: [{ question: '3.grade', response: '6.3' }] };

/** A fetch that answers the evaluation, the saved form and the save, recording each call. */
function stubApi(found: object = evaluation) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      const answer = url.endsWith('/evaluation/find/ev1') ? found : url.endsWith('/interview/answers/5/7') ? saved : { message: 'Avaliação salva com sucesso!' };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  Element.prototype.scrollIntoView = vi.fn();
  render(
    <MemoryRouter initialEntries={['/interview360/ev1']}>
      <Routes>
        <Route path="/interview360/:evaluation/*" element={<StaffFormPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StaffFormPage', () => {
  it('opens the definition the evaluation names with its saved answers and saves with its type', { timeout: 20000 }, async () => {
    const calls = stubApi();
    renderPage();
    const grade = (await screen.findByRole('textbox', { name: /^Nota 3\. / }, { timeout: 10000 })) as HTMLInputElement;
    expect(grade.value).toBe('6,3');
    expect(screen.getByText('Avaliador: Ana Avaliadora')).toBeTruthy();
    expect(screen.getByText('Avaliado: Bruno Avaliado')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/evaluation/find/ev1', '/api/interview/answers/5/7']);

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    const save = calls[2]!;
    expect([save.url, save.method]).toEqual(['/api/tableresponse/multiple', 'PUT']);
    const body = save.body as { type_evaluation: string; evaluator_user_id: number; rated_user_id: number; evaluation_id: string; questions: { question: string; response: unknown }[] };
    expect([body.type_evaluation, body.evaluator_user_id, body.rated_user_id, body.evaluation_id]).toEqual(['11', 7, 5, 'ev1']);
    expect(body.questions).toContainEqual({ question: '3.grade', response: '6.3' });
    expect(body.questions.slice(-3)).toEqual([
      { question: 'status', response: 'open' },
      { question: 'date', response: ['2024-03-01'] },
      { question: 'show', response: ['2024-03-01'] },
    ]);
    // The test ends once the page has taken the save's answer (its toast), not while React still has work
    // to do: that work ran after jsdom was gone ("window is not defined") on a busy machine.
    expect(await screen.findByText('Avaliação salva com sucesso!', {}, { timeout: 10000 })).toBeTruthy();
  });

  it('refuses an evaluation whose definition is no staff form', async () => {
    const calls = stubApi({ ...evaluation, type_evaluation: 13, definition_version: null });
    renderPage();
    expect(await screen.findByText('Houve um problema com a sua avaliação: este link não é de uma entrevista 360.', {}, { timeout: 10000 })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/evaluation/find/ev1']);
  });
});
