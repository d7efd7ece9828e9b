/**
 * How a change to a questionnaire is classified against its last published version, on copies of the
 * real definitions: what a consultant changes, and whether it needs a new major version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../scripts/checkDefinitions.ts';
import { tempDir } from '../tempDirs.ts';
import { fileVersionState, readVersions } from '../../apps/server/src/definitionVersions.ts';
import { definitionsDir, parseQuestionnaireFile, questionnaireNames } from '../../apps/server/src/definitions.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { checkVersion, definitionChanges, type ChangeKind } from '../../engine/definition/versions.ts';

function load(name: string): QuestionnaireDefinition {
  const parsed = parseQuestionnaireFile(name);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const stress = load('estresse');
const temperaments = load('temperamentosnew');

/** The kinds and pointers of the changes one edit of a copy makes. */
function changesOf(base: QuestionnaireDefinition, edit: (copy: QuestionnaireDefinition) => void): [ChangeKind, string][] {
  const copy = structuredClone(base);
  edit(copy);
  return definitionChanges(base, copy).map((change) => [change.kind, change.pointer]);
}

describe('classifying a change since the last published version', () => {
  it('calls texts text: question texts, labels, descriptions, messages, dialogs, score labels', () => {
    expect(changesOf(stress, (copy) => (copy.pages[0]!.questions[2]!.text = 'Outra redação'))).toEqual([['text', '/pages/0/questions/2/text']]);
    expect(changesOf(stress, (copy) => (copy.scales.frequencia![1]!.label = 'Raramente'))).toEqual([['text', '/scales/frequencia/1/label']]);
    expect(changesOf(stress, (copy) => (copy.title = 'Estresse'))).toEqual([['text', '/title']]);
    expect(changesOf(stress, (copy) => (copy.scoring!.classification!.bands[0]!.label = 'Baixo'))).toEqual([['text', '/scoring/classification/bands/0/label']]);
    expect(changesOf(stress, (copy) => (copy.messages = { ...copy.messages, submitted: 'Obrigado!' }))).toEqual([['text', '/messages/submitted']]);
    // How equal scores of a ranking read (a shared place or the list's order) changes no score.
    expect(changesOf(temperaments, (copy) => (copy.scoring!.rankings![0]!.ties = 'order'))).toEqual([['text', '/scoring/rankings/0/ties']]);
  });

  it('calls the form’s shape structure: a new optional question, another page, another order', () => {
    expect(changesOf(stress, (copy) => copy.pages[0]!.questions.push({ id: '15', kind: 'text', text: 'Comentários' }))).toEqual([['structure', '/pages/0/questions/14']]);
    expect(changesOf(stress, (copy) => copy.pages[0]!.questions.reverse())).toEqual([['structure', '/pages']]);
    const split = changesOf(stress, (copy) => copy.pages.push({ questions: copy.pages[0]!.questions.splice(7) }));
    expect(split.every(([kind]) => kind === 'structure')).toBe(true);
    expect(split).toContainEqual(['structure', '/pages/1/questions/0']);
  });

  it('calls anything that changes a score scoring, at the path that changed', () => {
    expect(changesOf(stress, (copy) => (copy.pages[0]!.questions[0] = { ...copy.pages[0]!.questions[0]!, reverse: true } as never))).toEqual([['scoring', '/pages/0/questions/0/reverse']]);
    expect(changesOf(stress, (copy) => (copy.scales.frequencia![4]!.value = 5))).toEqual([
      ['scoring', '/scales/frequencia/4/value'],
      ['scoring', '/scales/frequencia'],
    ]);
    expect(changesOf(stress, (copy) => copy.scales.frequencia!.pop())).toEqual([['scoring', '/scales/frequencia']]);
    expect(changesOf(stress, (copy) => (copy.scoring!.classification!.bands[0]!.below = 10))).toEqual([['scoring', '/scoring/classification/bands/0/below']]);
    expect(changesOf(stress, (copy) => copy.pages[0]!.questions.push({ id: '15', kind: 'choice', text: 'Nova', scale: 'frequencia', required: true }))).toEqual([['scoring', '/pages/0/questions/14']]);
    expect(changesOf(stress, (copy) => copy.pages[0]!.questions.pop())).toEqual([['scoring', '/pages/0/questions/13']]);
    // A tag an option carries (the temperaments count tags).
    const tagged = temperaments.pages.flatMap((page, pageIndex) => page.questions.map((question, index) => ({ question, at: `/pages/${pageIndex}/questions/${index}` }))).find(({ question }) => 'options' in question && question.options?.some((option) => option.tags?.length));
    expect(tagged).toBeDefined();
    const changed = changesOf(temperaments, (copy) => {
      const question = copy.pages.flatMap((page) => page.questions).find((candidate) => candidate.id === tagged!.question.id) as { options: { tags?: string[] }[] };
      const option = question.options.find((candidate) => candidate.tags?.length)!;
      option.tags = ['outra'];
    });
    expect(changed).toHaveLength(1);
    expect(changed[0]![0]).toBe('scoring');
    expect(changed[0]![1]).toMatch(new RegExp(`^${tagged!.at}/options/\\d+/tags$`));
  });

  it('asks for a new major version for a scoring change, and numbers the next version', () => {
    const latest = { version: { major: 1, minor: 3 }, definition: stress };
    const scoring = structuredClone(stress);
    scoring.scoring!.classification!.bands[0]!.below = 10;
    expect(checkVersion(latest, scoring)).toMatchObject({ state: 'refused', needed: 2 });
    expect(checkVersion(latest, { ...scoring, version: 2 })).toMatchObject({ state: 'unpublished', kind: 'scoring', next: { major: 2, minor: 0 } });
    const text = structuredClone(stress);
    text.title = 'Estresse';
    expect(checkVersion(latest, text)).toMatchObject({ state: 'unpublished', kind: 'text', next: { major: 1, minor: 4 } });
    expect(checkVersion(latest, structuredClone(stress))).toEqual({ state: 'published', version: { major: 1, minor: 3 } });
    // A lower major than the published one is refused too.
    expect(checkVersion({ version: { major: 2, minor: 0 }, definition: stress }, stress).state).toBe('refused');
  });
});

describe('the repository’s published versions', () => {
  it('hold every questionnaire file as it is now, and no scoring change inside a major version', () => {
    for (const name of questionnaireNames()) {
      const state = fileVersionState(definitionsDir, name, load(name));
      expect(state.check.state, name).toBe('published');
      const versions = readVersions(definitionsDir, name);
      for (let index = 1; index < versions.length; index += 1) {
        const [before, after] = [versions[index - 1]!, versions[index]!];
        if (before.number.major !== after.number.major) continue;
        expect(definitionChanges(before.definition, after.definition).filter((change) => change.kind === 'scoring'), `${name} ${after.version}`).toEqual([]);
      }
    }
  });
});

describe('npm run definitions:check on an edited copy', () => {
  const copy = (edit: (json: { version?: number; pages: { questions: Record<string, unknown>[] }[] }) => void) => {
    const json = JSON.parse(readFileSync(`${definitionsDir}questionnaires/estresse.json`, 'utf8'));
    edit(json);
    const path = `${tempDir('avalia-check-')}/estresse.json`;
    writeFileSync(path, JSON.stringify(json, null, 2));
    return checkDefinitions([path])[0]!.errors;
  };

  it('fails a scoring change without a new major version, at the path that changed, saying what to do', () => {
    const errors = copy((json) => (json.pages[0]!.questions[2]!.reverse = true));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe('/pages/0/questions/2/reverse');
    expect(errors[0]!.message).toContain('alteração de pontuação desde a versão 1.0 publicada');
    expect(errors[0]!.message).toContain('declare "version": 2');
    expect(errors[0]!.message).toContain('npm run definitions:publish');
  });

  it('passes the same change with a new major version, and a text change as it is', () => {
    expect(copy((json) => ((json.pages[0]!.questions[2]!.reverse = true), (json.version = 2)))).toEqual([]);
    expect(copy((json) => (json.pages[0]!.questions[2]!.text = 'Outra redação'))).toEqual([]);
  });
});

describe('the psychosocial factors questionnaire (type 18, published 1.0)', () => {
  const factors = load('riscospsicossociais');
  const latest = { version: { major: 1, minor: 0 }, definition: factors };
  const edited = (edit: (copy: QuestionnaireDefinition) => void) => {
    const copy = structuredClone(factors);
    edit(copy);
    return checkVersion(latest, copy);
  };

  it('refuses, without a new major version, an edit that changes a dimension’s scores', () => {
    // The unfavourable ends of the scale, a reverse item, the orientation of a share, a dimension's items.
    expect(edited((copy) => (copy.scales.frequencia![3]!.tags = []))).toMatchObject({ state: 'refused', needed: 2, changes: [{ pointer: '/scales/frequencia/3/tags' }] });
    expect(edited((copy) => delete (copy.pages[0]!.questions[2] as { reverse?: boolean }).reverse)).toMatchObject({ state: 'refused', changes: [{ pointer: '/pages/0/questions/2/reverse' }] });
    expect(edited((copy) => (copy.scoring!.scores[1]!.oriented = false))).toMatchObject({ state: 'refused', changes: [{ pointer: '/scoring/scores/1/oriented' }] });
    expect(edited((copy) => (copy.scoring!.scores[0]!.questions = ['1', '2', '3']))).toMatchObject({ state: 'refused' });
    expect(edited((copy) => ((copy.scoring!.scores[1]!.oriented = false), (copy.version = 2)))).toMatchObject({ state: 'unpublished', kind: 'scoring', next: { major: 2, minor: 0 } });
  });

  it('takes a reworded item or the instrument declared validated as a text change (1.1)', () => {
    expect(edited((copy) => (copy.pages[6]!.questions[0]!.text = 'Outra redação'))).toMatchObject({ state: 'unpublished', kind: 'text', next: { major: 1, minor: 1 } });
    expect(edited((copy) => (copy.validated = true))).toMatchObject({ state: 'unpublished', kind: 'text', changes: [{ pointer: '/validated' }] });
  });
});
