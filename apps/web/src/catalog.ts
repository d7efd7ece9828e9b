import catalogJson from '../../../definitions/catalog.json' with { type: 'json' };
import type { Catalog, CatalogEntry } from '../../../engine/definition/catalog';

/** The evaluation-type catalogue. */
export const catalog: Catalog = catalogJson;

/** Types with a respondent questionnaire: a link slug and a definition file. */
export const questionnaireTypes: CatalogEntry[] = catalog.types.filter((entry) => entry.slug && entry.definition);
