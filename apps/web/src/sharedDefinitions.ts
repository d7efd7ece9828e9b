// The files beside the questionnaires and dashboards that definitions point at with `$ref` (the 360
// competencies): small, so loaded with this module. `catalog.json` is among them (already in the app).
const sharedFiles = import.meta.glob<unknown>('../../../definitions/*.json', { eager: true, import: 'default' });

/** A shared file by the name a `$ref` gives it ('../interview360'), or undefined. */
export function sharedDefinition(name: string): unknown {
  return name.startsWith('../') ? sharedFiles[`../../../definitions/${name.slice(3)}.json`] : undefined;
}
