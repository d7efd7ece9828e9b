import type { DashboardDefinition, DashboardFilters, EditionChoice } from '../../../../engine/definition/dashboard.ts';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types.ts';
import type { Db } from '../db/client.ts';
import { scoringEdition, type Definitions } from '../definitions.ts';
import { answersByMajor } from '../repositories/results/datasetRows.ts';
import { datasetScope } from '../repositories/results/scope.ts';

/*
 * Versions scored differently are never pooled. Where a view's answers of a type come from several
 * major versions of its questionnaire, the view reads one of them (the viewer's choice, by default the
 * latest present), scored by that version's key, and says which and what it left out.
 */

/** The editions a view reads and the questionnaires that score them. */
export interface ViewEditions {
  /** The filters with `majors` set for the types that have a choice. */
  filters: DashboardFilters;
  /** The questionnaire scoring each type (the chosen major's latest version; the current one otherwise). */
  questionnaires: Map<number, QuestionnaireDefinition>;
  /** The types with answers from more than one major version, for the screen and the PDF. */
  editions: EditionChoice[];
}

/** The majors of a type's published versions. */
const majorsOf = (definitions: Definitions, type: number) => [...new Set((definitions.versions.get(type) ?? []).map((version) => version.number.major))];

/**
 * Decides, for every type of the view with more than one major version published, which major its
 * numbers use: the requested one (`filters.editions`) when it has answers in the view, else the latest
 * with answers, else the current.
 */
export async function viewEditions(db: Db, definitions: Definitions, dashboard: DashboardDefinition, filters: DashboardFilters): Promise<ViewEditions> {
  const questionnaires = new Map(definitions.questionnaires);
  const datasets = Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : [dataset]));
  const versioned = new Set(
    datasets.flatMap((dataset) => [...dataset.types, ...(dataset.alignWith ?? [])]).filter((type) => majorsOf(definitions, type).length > 1),
  );
  if (versioned.size === 0) return { filters, questionnaires, editions: [] };
  // Answers per type and major in what each dataset would read (the largest count among them).
  const counts = new Map<string, number>();
  for (const dataset of datasets) {
    const scope = datasetScope(dataset, filters);
    if (!scope) continue;
    for (const row of await answersByMajor(db, scope)) {
      const key = `${row.type}/${row.major}`;
      counts.set(key, Math.max(counts.get(key) ?? 0, Number(row.n)));
    }
  }
  const majors: Record<string, number> = {};
  const editions: EditionChoice[] = [];
  for (const type of [...versioned].sort((a, b) => a - b)) {
    const available = majorsOf(definitions, type)
      .map((major) => ({ major, respondents: counts.get(`${type}/${major}`) ?? 0 }))
      .filter((edition) => edition.respondents > 0)
      .sort((a, b) => a.major - b.major);
    const current = definitions.questionnaires.get(type)?.version ?? 1;
    const requested = filters.editions?.[String(type)];
    const chosen = available.some((edition) => edition.major === requested) ? requested! : (available.at(-1)?.major ?? current);
    majors[String(type)] = chosen;
    if (chosen !== current) {
      const edition = scoringEdition(definitions, type, chosen);
      if (edition) questionnaires.set(type, edition);
    }
    if (available.length > 1) editions.push({ type, name: definitions.types.get(type)?.name ?? String(type), chosen, available });
  }
  return { filters: { ...filters, majors }, questionnaires, editions };
}
