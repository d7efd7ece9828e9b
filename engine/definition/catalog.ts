/** The evaluation-type catalogue (`definitions/catalog.json`): id, name, link slug, definition, dashboard. */
export interface CatalogEntry {
  /** Evaluation type id (-1 is the scanner). */
  type: number;
  /** Portuguese name shown to staff and in e-mails. */
  name: string;
  /** Link slug of the respondent route; absent when the type has no link. */
  slug?: string;
  /** File name (without .json) in `definitions/questionnaires/`; absent until the questionnaire exists. */
  definition?: string;
  /** Id of the `/dash/{id}` view; absent when the type has no dashboard yet. */
  dashboard?: number;
}

/** The catalogue file. */
export interface Catalog {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Every evaluation type. */
  types: CatalogEntry[];
}
