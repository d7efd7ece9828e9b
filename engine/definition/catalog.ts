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
  /** What staff must give when creating evaluations of this type. Default: only the days to complete. */
  create?: CreationRules;
}

/**
 * Rules of the "create evaluation" call for one type (administration spec section 5), as data: the
 * server checks them and the staff dialog enables its fields from them.
 */
export interface CreationRules {
  /** The evaluated person is required (the 360 and the interview). Default false. */
  evaluated?: boolean;
  /** A version is required when the evaluated person is not the evaluator. Default false. */
  version?: boolean;
  /** The rated sector is required (the area maps). Default false. */
  sector?: boolean;
  /** The evaluation never expires, so no days are given. Default false (days required). */
  noExpiry?: boolean;
  /** Must be the only type of its request (the scanner, the manager's alignment). Default false. */
  alone?: boolean;
  /**
   * Creating this type creates one evaluation of each of these types instead, for the same
   * participant (the scanner: Alpha, VIA, temperaments, motivational, objections).
   */
  bundle?: number[];
}

/** The catalogue file. */
export interface Catalog {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Every evaluation type. */
  types: CatalogEntry[];
}
