/** The evaluation-type catalogue (`definitions/catalog.json`): id, name, link slug, definition, creation rules. */
export interface CatalogEntry {
  /** Evaluation type id (-1 is the scanner). */
  type: number;
  /** Portuguese name shown to staff and in e-mails. */
  name: string;
  /** Link slug of the respondent route; absent when the type has no link. */
  slug?: string;
  /** File name (without .json) in `definitions/questionnaires/`; absent until the questionnaire exists. */
  definition?: string;
  /** What staff must give when creating evaluations of this type. Default: only the days to complete. */
  create?: CreationRules;
  /**
   * Company users may send this type's evaluation e-mail from Gestão de dados while it is pending and
   * not expired (administration.md: the 360 only). Default false.
   */
  evaluationEmail?: boolean;
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
  /**
   * The evaluation never expires, so no days are given, it cannot be renewed and Gestão de dados shows
   * no expiry for it (the 360 by interview). Default false (days required).
   */
  noExpiry?: boolean;
  /**
   * Position in the create-evaluation dialog's list: administration.md 9 lists some types first, in
   * its order. Default: after those, in catalogue order (types with a questionnaire only).
   */
  listOrder?: number;
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

/** The entry of an evaluation type (a number, or its text as some calls give it). */
export function catalogEntry(catalog: Catalog, type: number | string): CatalogEntry | undefined {
  return catalog.types.find((entry) => String(entry.type) === String(type));
}

/** Whether evaluations of this type never expire (no days, no renewal). */
export function neverExpires(catalog: Catalog, type: number | string): boolean {
  return catalogEntry(catalog, type)?.create?.noExpiry === true;
}
