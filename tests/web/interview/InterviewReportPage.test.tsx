import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import InterviewReportPage from '../../../apps/web/src/pages/InterviewReportPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

/*
 * The 360-by-interview report's Avaliador filter (issue 24): "the multi-select keeps only the newly
 * chosen value" (administration.md 5, filters on this area's report screen), as Empresa and Avaliado
 * do. Nobody is chosen at first (the table says 'Nenhum avaliador selecionado'); picking another
 * evaluator replaces the one chosen in the table. The chart consolidates every finished interview of
 * the rated person whoever is chosen: the specification's consolidated call takes only the rated
 * person (administration.md 7), and one evaluator at a time would leave no mean to draw.
 */

const companyUser = { id: 5, name: 'Gestora', email: 'gestora@empresa.test', type_account: 2, company_id: 3 };
const ANA = { id: 7, name: 'Ana Paula Souza' };
const EVALUATORS = [
  { id: 'ev-bruno', evaluator: 'Bruno Henrique Lima', evaluator_id: 8, position: 'Analista', status: 'Finalizado', rated_id: 7 },
  { id: 'ev-carla', evaluator: 'Carla Mendes Ribeiro', evaluator_id: 9, position: 'Gerente', status: '', rated_id: 7 },
  { id: 'ev-ana', evaluator: 'Ana Paula Souza', evaluator_id: 7, position: 'Diretora', status: 'Finalizado', rated_id: 7 },
];
const CONSOLIDATED = { rated_id: 7, rated_name: ANA.name, count: 0, competencies: [], evaluator: [], rated: [], responses: [], selfResponses: [] };

const WAIT = { timeout: 5000 };

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** The paths the page asked for, in order. */
let asked: string[] = [];

function renderPage() {
  return render(
    <ThemeProvider theme={theme}>
        <InterviewReportPage />
    </ThemeProvider>,
  );
}

/** Picks an option of a filter of the screen. */
async function pick(label: string, option: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: option }, WAIT));
}

/** The chips of a filter (its chosen values). */
function chipsOf(label: string): string[] {
  const field = screen.getByRole('combobox', { name: label }).closest('.MuiAutocomplete-root')!;
  return [...field.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent ?? '');
}

/** The consolidated calls. */
const consolidatedCalls = () => asked.filter((path) => path.startsWith('/api/tableresponse/interview360/'));

describe('InterviewReportPage: the Avaliador filter keeps only the newly chosen value', { timeout: 30000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-company', companyUser);
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(String(url));
        if (url === '/api/tableresponse/respondents/3/11') return json([ANA]);
        if (url === '/api/interview/evaluators/rated/7') return json(EVALUATORS);
        if (String(url).startsWith('/api/tableresponse/interview360/7')) return json(CONSOLIDATED);
        return new Response('{}', { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('chooses nobody at first, then only the evaluator last picked', async () => {
    renderPage();
    await pick('Avaliado', ANA.name);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Avaliador' }).hasAttribute('disabled')).toBe(false), WAIT);
    await waitFor(() => expect(asked).toContain('/api/interview/evaluators/rated/7'), WAIT);
    // Nobody preselected: no chip, the table says so; the chart's data is every evaluator's.
    expect(chipsOf('Avaliador')).toEqual([]);
    await screen.findByText('Nenhum avaliador selecionado', undefined, WAIT);
    await waitFor(() => expect(consolidatedCalls()).toEqual(['/api/tableresponse/interview360/7']), WAIT);

    await pick('Avaliador', 'Bruno Henrique Lima');
    await waitFor(() => expect(chipsOf('Avaliador')).toEqual(['Bruno Henrique Lima']), WAIT);
    const table = screen.getByRole('grid', { name: 'Avaliadores selecionados' });
    await waitFor(() => expect(within(table).queryByText('Bruno Henrique Lima')).toBeTruthy(), WAIT);
    expect(within(table).queryByText('Carla Mendes Ribeiro')).toBeNull();

    // Another pick replaces it (the self-evaluation is one of the options).
    await pick('Avaliador', 'Ana Paula Souza (autoavaliação)');
    await waitFor(() => expect(chipsOf('Avaliador')).toEqual(['Ana Paula Souza (autoavaliação)']), WAIT);
    await waitFor(() => expect(within(table).queryByText('Bruno Henrique Lima')).toBeNull(), WAIT);
    expect(within(table).getByText('Ana Paula Souza (autoavaliação)')).toBeTruthy();
    // The chart's data was asked for once, for every evaluator, whoever was chosen.
    expect(consolidatedCalls()).toEqual(['/api/tableresponse/interview360/7']);
  });
});
