import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../engine/definition/catalog.ts';
import type { DashboardDefinition, Widget } from '../../engine/definition/dashboard.ts';
import { dashboardErrors } from '../../engine/definition/dashboardSemantics.ts';
import { resolveLocalReferences } from '../../engine/definition/defs.ts';
import { describeErrors, parseCatalog } from '../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions.ts';
import { jsonFiles } from './load.ts';

/*
 * The `help` of a widget (how to read it, what each band, profile or quadrant means) is checked by the
 * lint: no empty text, no meaning for a name the widget never shows, a meaning for every cell, quadrant
 * letter and band it shows.
 */

const catalogResult = parseCatalog(jsonFiles('.').find((entry) => entry.file === './catalog.json')?.json);
if (!catalogResult.ok) throw new Error(describeErrors('catalog.json', catalogResult.errors));
const catalog: Catalog = catalogResult.value;
const byType = new Map<number, QuestionnaireDefinition>(
  catalog.types.flatMap((entry) => {
    if (!entry.definition) return [];
    const result = parseQuestionnaireFile(entry.definition);
    return result.ok ? [[entry.type, result.value] as const] : [];
  }),
);
/** A view's file with its `$defs` pieces in place (the help lint reads the definition, not the file's grammar). */
const dashboard = (id: number) => {
  const followed = resolveLocalReferences(jsonFiles('dashboards').find(({ file }) => file === `dashboards/${id}.json`)!.json);
  if (!followed.ok) throw new Error(describeErrors(`dashboards/${id}.json`, followed.errors));
  return followed.value as DashboardDefinition;
};

/** The widget at a path of layout indexes, in a draft. */
type Node = { content?: Node[]; tabs?: { content: Node[] }[] } & Partial<Widget>;
const at = (draft: DashboardDefinition, ...path: (number | string)[]): Node => path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], draft.layout) as Node;

/** The lint's messages about the help of a dashboard, as "pointer: message". */
const helpErrors = (definition: DashboardDefinition) =>
  dashboardErrors(definition, byType)
    .filter((error) => error.pointer.includes('/help') || error.message.includes('help'))
    .map((error) => `${error.pointer}: ${error.message}`);

/** The PSS-14's four bands, each with a sentence. */
const STRESS = { 'Estresse baixo': 'a', 'Estresse moderado': 'b', 'Estresse alto': 'c', 'Estresse muito alto': 'd' };

describe("a widget's help", () => {
  it('is refused when it explains a band the widget never shows', () => {
    const broken = produce(dashboard(13), (draft) => {
      at(draft, 0, 'content', 0).help = { text: 'Como ler.', meanings: { ...STRESS, 'Estresse extremo': 'não existe' } };
    });
    expect(helpErrors(broken)).toContainEqual(expect.stringMatching(/^\/layout\/0\/content\/0\/help\/meanings\/Estresse extremo: "Estresse extremo" não é algo que este item mostra/));
  });

  it('is refused when a quadrant it explains is not one of the cells', () => {
    const broken = produce(dashboard(9), (draft) => {
      const quadrants = at(draft, 0, 'tabs', 0, 'content', 0);
      quadrants.help = { meanings: { Divergente: 'a', Convergente: 'b', Conflitante: 'c', Concorrente: 'd', Colaborativo: 'e' } };
    });
    expect(helpErrors(broken)).toEqual([expect.stringMatching(/^\/layout\/0\/tabs\/0\/content\/0\/help\/meanings\/Colaborativo: "Colaborativo" não é algo que este item mostra/)]);
  });

  it('is refused when a legend meaning names no item of the legend', () => {
    const broken = produce(dashboard(16), (draft) => {
      at(draft, 0, 'content', 1).help = { meanings: { 'De 1,0 a 2,9': 'ok', 'De 5 a 6': 'não existe' } };
    });
    expect(helpErrors(broken)).toEqual([expect.stringMatching(/^\/layout\/0\/content\/1\/help\/meanings\/De 5 a 6: "De 5 a 6" não é algo/)]);
  });

  it('is refused with an empty text, an empty meaning, or nothing in it', () => {
    const broken = produce(dashboard(13), (draft) => {
      at(draft, 0, 'content', 0).help = { text: '  ', meanings: { ...STRESS, 'Estresse alto': '' } };
      at(draft, 1).help = {};
    });
    const errors = helpErrors(broken);
    expect(errors).toContainEqual(expect.stringMatching(/^\/layout\/0\/content\/0\/help\/text: o texto de "help" está vazio/));
    expect(errors).toContainEqual(expect.stringMatching(/^\/layout\/0\/content\/0\/help\/meanings\/Estresse alto: o significado de "Estresse alto" está vazio/));
    expect(errors).toContainEqual(expect.stringMatching(/^\/layout\/1\/help: "help" precisa de "text"/));
  });

  it('must explain every quadrant, every band of a gauge, and every band a band-coloured widget shows', () => {
    const broken = produce(dashboard(13), (draft) => {
      // The gauge's bands and the respondents-per-band bars coloured by the classification.
      at(draft, 0, 'content', 0).help = { text: 'Como ler.', meanings: { 'Estresse baixo': 'a', 'Estresse moderado': 'b', 'Estresse alto': 'c' } };
      delete at(draft, 0, 'content', 1).help;
    });
    const errors = helpErrors(broken);
    expect(errors).toContainEqual('/layout/0/content/0/help: falta em "help.meanings" o significado de: Estresse muito alto (cada faixa, quadrante ou perfil que este item mostra precisa de uma frase que o explique)');
    expect(errors).toContainEqual(expect.stringMatching(/^\/layout\/0\/content\/1: falta em "help.meanings" o significado de: Estresse baixo, Estresse moderado, Estresse alto, Estresse muito alto/));
    const quadrants = produce(dashboard(9), (draft) => {
      at(draft, 0, 'tabs', 0, 'content', 0).help = { meanings: { Divergente: 'a', Convergente: 'b' } };
    });
    expect(helpErrors(quadrants)).toContainEqual(expect.stringMatching(/^\/layout\/0\/tabs\/0\/content\/0\/help: falta em "help.meanings" o significado de: Conflitante, Concorrente/));
  });

  it('may explain what the rows carry (a profile of the questionnaire) beside the bands', () => {
    const fine = produce(dashboard(13), (draft) => {
      at(draft, 0, 'content', 0).help = { text: 'Como ler.', meanings: STRESS };
      at(draft, 0, 'content', 1).help = { meanings: STRESS };
      at(draft, 1).help = { text: 'Cada linha é um respondente.', meanings: { ...STRESS, Total: 'A soma das 14 respostas.' } };
    });
    expect(helpErrors(fine)).toEqual([]);
  });
});
