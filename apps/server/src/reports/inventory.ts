import { formatCNPJ } from '@brazilian-utils/brazilian-utils';
import { textColorOn } from '../../../../engine/charts/contrast.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { reportFileName, type ReportBlock, type ReportCell, type ReportDocument } from '../../../../engine/reports/document.ts';
import { formatDateBR } from '../../../../engine/rules/dates.ts';
import type { Inventory, InventoryEntry } from '../contract/riskInventories.ts';
import type { AppSettings } from '../types.ts';
import { reportDay } from './reports.ts';

/*
 * The published psychosocial risk inventory as a document (issue 27, NR-1 1.5.7.3.2), for a labour
 * inspector: a cover with the company, the round, the questionnaire, the responsible professional,
 * the review date and the participation; per exposure group its characterization (a, b, c, d) and a
 * table of its factors (c, e); then the risk matrix and its written criteria (f). The same inventory
 * as a spreadsheet: one row per entry, one column per field of 1.5.7.3.2. Built from the stored
 * content only: a version reads the same however the registry or the settings change later.
 */

const text = messages.inventory;
const r = messages.reports;

type Settings = Pick<AppSettings, 'timeZone' | 'support'>;

/** `YYYY-MM-DD` as dd/mm/aaaa. */
export function dayBR(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** A share (0–100) as the inventory writes it: '45,5%'. */
function percent(value: number): string {
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

/** The questionnaire with its version and, for an instrument not validated, the notice. */
function questionnaireLine(inventory: Inventory): string {
  const { title, version, notice } = inventory.content.questionnaire;
  const line = version ? format(r.versionOf, { name: title, version }) : title;
  return notice ? `${line} — ${notice}` : line;
}

/** The round as written: its name and days, or that every answer of the company counts. */
function cycleLine(inventory: Inventory): string {
  const { cycle } = inventory.content;
  if (!cycle) return text.noCycle;
  return cycle.closes_on
    ? format(text.cyclePeriod, { name: cycle.name, from: dayBR(cycle.opens_on), to: dayBR(cycle.closes_on) })
    : format(text.cycleOpen, { name: cycle.name, from: dayBR(cycle.opens_on) });
}

/** A cell painted with a level's colour (when it has one). */
const painted = (value: string, color: string | null): ReportCell => (color ? { text: value, fill: color, color: textColorOn(color) } : { text: value });

/** The file's name: 'Inventário de riscos psicossociais - {company} - versão {n}.pdf'. */
export function inventoryFileName(inventory: Inventory, extension: 'pdf' | 'xlsx'): string {
  const name = format(text.fileName, { company: inventory.content.company.name, version: inventory.version, extension });
  // (Made safe for any disk as a report's name is; the name is already filled.)
  return reportFileName('{title}', { title: name, name: '', company: '', evaluation: '' }, extension);
}

/** What every page says: the title, the company, the round and the version. */
function meta(inventory: Inventory, settings: Settings): ReportDocument['meta'] {
  const published = formatDateBR(new Date(inventory.published_at), settings.timeZone);
  return {
    title: text.title,
    subject: [
      format(text.subjectCompany, { name: inventory.content.company.name }),
      format(text.subjectCycle, { name: cycleLine(inventory) }),
      format(text.subjectVersion, { version: inventory.version, date: published }),
    ],
    generated: reportDay(new Date(inventory.published_at), settings.timeZone).text,
    versions: questionnaireLine(inventory),
    supportEmail: settings.support.email,
    supportPhone: settings.support.phone,
  };
}

/** Label and text pairs, each label in a grey cell (the report's legend block: the label as wide as it needs, the text the rest). */
function pairs(title: string, items: [string, string][]): ReportBlock {
  return { kind: 'legend', title, items: items.map(([label, value]) => ({ label, text: value, color: GREY, textColor: textColorOn(GREY) })) };
}

/** The fill of a label cell. */
const GREY = '#f1f3f6';

/** How the inventory names a group of each kind (a version published before the kind was kept: a sector's). */
const GROUP_NAMES = { sector: text.sectorGroup, position: text.positionGroup, exposure: text.exposureGroup } as const;

/** An exposure group as the inventory names it: 'Produção (setor)', 'Analista (cargo)', 'Campo (grupo de exposição)'; the whole company by its name. */
function groupName(entry: InventoryEntry): string {
  if (entry.whole || entry.group_kind === 'whole') return entry.group;
  return format(GROUP_NAMES[entry.group_kind ?? 'sector'], { name: entry.group });
}

/** A group's characterization: a) processes and environments, b) activities, c) exposed workers, d) NR-17; a hidden group's reason. */
function groupTable(inventory: Inventory, entry: InventoryEntry): ReportBlock {
  return pairs(text.groupTable, [
    [text.exposedGroup, groupName(entry)],
    [text.labelFieldA, entry.processes],
    [text.labelFieldB, entry.activities],
    [text.labelFieldC, String(entry.exposed)],
    [text.labelFieldD, inventory.content.ergonomics],
    ...(entry.withheld ? [[text.labelWithheld, entry.withheld] as [string, string]] : []),
  ]);
}

/** A group's factors: c) hazards, sources, harms, measures; e) the evaluation and classification of each risk. */
function factorsTable(entries: InventoryEntry[]): ReportBlock {
  const header = [text.hazard, text.sources, text.harms, text.measures, text.share, text.probability, text.severity, text.severityReason, text.level].map((label) => ({ text: label }));
  const rows = entries.map((entry): ReportCell[] => [
    { text: `${entry.factor_label ?? ''}: ${entry.hazard ?? ''}` },
    { text: entry.sources ?? '' },
    { text: entry.harms ?? '' },
    { text: entry.measures ?? '' },
    { text: entry.share === null ? '—' : percent(entry.share), numeric: entry.share !== null },
    { text: entry.probability_label ?? '—' },
    { text: entry.severity_label ?? '—' },
    { text: entry.severity_reason ?? '—' },
    painted(entry.level_label ?? '—', entry.level_color),
  ]);
  return { kind: 'table', title: format(text.factorsTable, { group: entries[0] ? groupName(entries[0]) : '' }), header, rows };
}

/** f) The matrix (severity × probability, highest severity first, each cell its level) and its written criteria. */
function criteriaBlocks(inventory: Inventory): ReportBlock[] {
  const { matrix, criteria } = inventory.content;
  const level = (id: string) => matrix.levels.find((candidate) => candidate.id === id);
  const grid: ReportCell[][] = matrix.severity
    .map((step, index) => [
      { text: `${index + 1} – ${step.label}` },
      ...matrix.probability.map((_probability, column) => {
        const found = level(matrix.grid[index]?.[column] ?? '');
        return painted(found?.label ?? '—', found?.color ?? null);
      }),
    ])
    .reverse();
  return [
    { kind: 'heading', text: text.matrixHeading, level: 2, pageBreak: true },
    {
      kind: 'table',
      title: format(text.matrixTable, { title: matrix.title }),
      header: [{ text: text.matrixCorner }, ...matrix.probability.map((step, index) => ({ text: `${index + 1} – ${step.label}` }))],
      rows: grid,
    },
    pairs(text.severityTable, matrix.severity.map((step, index) => [`${index + 1} – ${step.label}`, step.criterion ?? '—'])),
    pairs(text.probabilityTable, matrix.probability.map((step, index) => [`${index + 1} – ${step.label}`, criteria.probability[index] ?? step.criterion ?? '—'])),
    { kind: 'legend', title: text.levelsTable, items: matrix.levels.map((found) => ({ label: found.label, text: found.action, color: found.color, textColor: textColorOn(found.color) })) },
    pairs(text.ruleTable, [[text.rule, matrix.criteria]]),
  ];
}

/** The entries by exposure group, in their order (the whole company first). */
function groups(inventory: Inventory): InventoryEntry[][] {
  const found = new Map<string, InventoryEntry[]>();
  for (const entry of inventory.content.entries) {
    const key = entry.whole ? 'whole' : `${entry.group_kind ?? 'sector'}:${entry.group_id}`;
    found.set(key, [...(found.get(key) ?? []), entry]);
  }
  return [...found.values()];
}

/** A CNPJ as written on documents (00.000.000/0000-00) when it has its 14 digits. */
function cnpjText(cnpj: string | null): string {
  if (!cnpj) return text.notInformed;
  return cnpj.replace(/\D/g, '').length === 14 ? formatCNPJ(cnpj) : cnpj;
}

/** The inventory's PDF document (landscape: the factors' table has nine columns). */
export function inventoryDocument(inventory: Inventory, settings: Settings): ReportDocument {
  const { content } = inventory;
  const published = formatDateBR(new Date(inventory.published_at), settings.timeZone);
  const facts = [
    [text.coverCompany, content.company.legal_name === content.company.name ? content.company.name : `${content.company.name} (${content.company.legal_name})`],
    [text.coverCnpj, cnpjText(content.company.cnpj)],
    [text.coverCycle, cycleLine(inventory)],
    [text.coverQuestionnaire, questionnaireLine(inventory)],
    [text.coverPublished, published],
    [text.coverVersion, String(inventory.version)],
    [text.coverResponsible, content.responsible.name],
    [text.coverRegistration, content.responsible.registration],
    [text.coverReview, dayBR(inventory.review_due)],
    [text.coverInvited, String(content.participation.invited)],
    [text.coverAnswered, String(content.participation.answered)],
    [text.coverRate, percent(content.participation.rate)],
    [text.coverPresentedOn, content.presented.on ? dayBR(content.presented.on) : text.notInformed],
    [text.coverPresentedHow, content.presented.how ?? text.notInformed],
  ].map(([label, value]) => ({ label: label!, value: value! }));
  const blocks: ReportBlock[] = [{ kind: 'help', text: text.intro, meanings: [] }];
  for (const entries of groups(inventory)) {
    const first = entries[0]!;
    blocks.push({ kind: 'heading', text: format(text.groupHeading, { group: groupName(first) }), level: 2, pageBreak: true }, groupTable(inventory, first));
    if (!first.withheld) blocks.push(factorsTable(entries));
  }
  blocks.push(...criteriaBlocks(inventory));
  return { meta: meta(inventory, settings), orientation: 'landscape', createdAt: inventory.published_at, cover: { facts, summary: [] }, blocks };
}

/** The criteria an entry was rated by, in one cell: the probability's, the severity's and what its level asks. */
function criteriaCell(inventory: Inventory, entry: InventoryEntry): string {
  if (entry.withheld) return '';
  return [
    `${text.probability}: ${entry.probability_criterion ?? '—'}`,
    `${text.severity}: ${entry.severity_criterion ?? '—'}`,
    entry.level_label && entry.level_action ? format(text.levelWithAction, { level: entry.level_label, action: entry.level_action }) : '',
    `${text.rule}: ${inventory.content.matrix.criteria}`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/** The inventory as one table for the spreadsheet: one row per entry, one column per field of NR-1 1.5.7.3.2. */
export function inventorySheet(inventory: Inventory, settings: Settings): ReportDocument {
  const header = [
    text.exposedGroup,
    text.processes,
    text.activities,
    text.hazard,
    text.sources,
    text.harms,
    text.exposed,
    text.measures,
    text.ergonomics,
    text.share,
    text.probability,
    text.severity,
    text.severityReason,
    text.level,
    text.criteria,
  ].map((label) => ({ text: label }));
  const rows = inventory.content.entries.map((entry): ReportCell[] => [
    { text: groupName(entry) },
    { text: entry.processes },
    { text: entry.activities },
    { text: entry.factor_label ? `${entry.factor_label}: ${entry.hazard ?? ''}` : '' },
    { text: entry.sources ?? '' },
    { text: entry.harms ?? '' },
    { text: String(entry.exposed), numeric: true },
    { text: entry.measures ?? '' },
    { text: inventory.content.ergonomics },
    entry.share === null ? { text: '' } : { text: percent(entry.share), numeric: true },
    { text: entry.probability_label ?? '' },
    { text: entry.severity_label ?? '' },
    { text: entry.severity_reason ?? '' },
    entry.withheld ? { text: entry.withheld } : painted(entry.level_label ?? '', entry.level_color),
    { text: criteriaCell(inventory, entry) },
  ]);
  return { meta: meta(inventory, settings), orientation: 'landscape', createdAt: inventory.published_at, blocks: [{ kind: 'table', title: text.sheet, header, rows }] };
}
