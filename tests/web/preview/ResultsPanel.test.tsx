import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { QuestionnaireDefinition } from '../../../engine/definition/types';
import { ResultsPanel } from '../../../apps/web/src/pages/preview/ResultsPanel';

const definition = (name: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'definitions', 'questionnaires', `${name}.json`), 'utf8')) as QuestionnaireDefinition;

afterEach(cleanup);

describe('ResultsPanel', () => {
  it('shows the mean, each item of a per-question score, the band with its colour, and the payload', () => {
    // Psychological safety: 1 to 5, items 1, 3 and 5 reversed (6 - answer); bands below 3, below 4, then Alta.
    const answers = ['2', '4', '1', '5', '3', '4', '4'];
    const items = [...answers.map((response, index) => ({ question: String(index + 1), response })), { question: '8', response: 'Tudo certo' }];
    render(<ResultsPanel definition={definition('segurancapsicologica')} items={items} />);
    const panel = screen.getByRole('region', { name: 'Resultado das respostas' });
    // Item scores 4, 4, 5, 5, 3, 4, 4: mean 29 / 7 = 4,142857…
    const scores = within(panel).getByTestId('preview-scores');
    expect(scores.querySelector('[data-score="media"]')?.textContent).toBe('4,14');
    expect(within(scores).getByText('Segurança psicológica (média)')).toBeTruthy();
    expect(within(scores).getByText('Média por afirmação — pergunta 3')).toBeTruthy();
    expect(scores.querySelector('[data-score="item.3"]')?.textContent).toBe('5');
    expect(scores.querySelector('[data-score="item.5"]')?.textContent).toBe('3');
    expect(within(panel).getByTestId('preview-band').textContent).toBe('Alta (Segurança psicológica (média): 4,14, de 1 a 5)cor #2e7d32');
    const wire = within(panel).getByRole('region', { name: 'Itens do envio, em JSON' });
    expect(JSON.parse(wire.textContent!)).toEqual(items);
    expect(wire.getAttribute('tabindex')).toBe('0');
  });

  it('shows shares as percentages, a ranking of scores, and the items the server would refuse', () => {
    // Questions 1 and 2 answered A (identificada, externa), question 3 answered E (intrínseca): 33,33% each.
    const answered = [{ question: '1', response: '1' }, { question: '2', response: '1' }, { question: '3', response: '5' }];
    render(<ResultsPanel definition={definition('motivacionalobjetivosnew')} items={[...answered, { question: '99', response: '1' }]} />);
    const panel = screen.getByRole('region', { name: 'Resultado das respostas' });
    expect(within(panel).getByTestId('preview-scores').querySelector('[data-score="intrinseca"]')?.textContent).toBe('33,33%');
    // The three tie: one shared place, named in the definition's order; the others (0) take no place.
    const ranking = within(panel).getByRole('list', { name: 'Tipos de motivação predominantes' });
    expect(within(ranking).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Empate: Intrínseca, Identificada, Externa']);
    expect(within(panel).getByText('Esta definição não classifica em faixas.')).toBeTruthy();
    expect(within(panel).getByText('Itens que o servidor recusaria:')).toBeTruthy();
    expect(within(panel).getAllByText(/99/).filter((element) => element.tagName === 'LI')).toHaveLength(1);
  });
});
