import { format, messages } from '../../../../engine/messages.ts';
import { isEmail, normalizeEmail } from '../../../../engine/rules/email.ts';
import { isPhone, normalizePhone } from '../../../../engine/rules/phone.ts';
import { nameKey, normalizeText } from '../../../../engine/rules/text.ts';
import type { EmployeeRow, NamedRow } from '../repositories/employees.ts';
import { MAX_NAME_LENGTH, SHEETS, type SheetKey } from './layout.ts';
import type { SheetRow, UploadedSheets } from './upload.ts';

/*
 * Checks an uploaded workbook against the company's current data and plans the writes, without any
 * I/O: either every bad row (with all its problems) or the complete plan. Rules:
 * - Setores/Cargos: a row with Id renames that sector/position (the Id must be the company's; employee
 *   rows may still use the old name); a row without Id creates it, unless the company already has
 *   that name (then it is reused).
 * - Colaboradores: a row with Id updates that user (the Id must be a user of the company); a row
 *   without Id creates a participant (type 3), or updates the company's user that already has the
 *   e-mail. Names are compared normalised and case-insensitively.
 */

/** What the plan is checked against. */
export interface CompanyState {
  companyId: number;
  sectors: NamedRow[];
  positions: NamedRow[];
  employees: EmployeeRow[];
  /** Current owners of the e-mails the file names, of any company. */
  emailOwners: Map<string, { id: number; companyId: number | null }>;
}

/** A planned sector/position list: names to create, rows to rename, and every name key → id (null: created now). */
export interface ListPlan {
  created: string[];
  renamed: NamedRow[];
  keys: Map<string, number | null>;
}

/** An employee to write; sector and position are name keys (null: leave as is / none). */
export interface PlannedEmployee {
  name: string;
  email: string;
  phone: string;
  sector: string | null;
  position: string | null;
}

/** Everything the import writes. */
export interface ImportPlan {
  sectors: ListPlan;
  positions: ListPlan;
  creates: PlannedEmployee[];
  updates: (PlannedEmployee & { existing: EmployeeRow })[];
}

const MAX_ID = 2147483647;

/** Problems found, by sheet and line. */
class Problems {
  private readonly byRow = new Map<string, { sheet: SheetKey; line: number; texts: string[] }>();

  add(sheet: SheetKey, line: number, text: string): void {
    const key = `${sheet}:${line}`;
    const entry = this.byRow.get(key) ?? { sheet, line, texts: [] };
    entry.texts.push(text);
    this.byRow.set(key, entry);
  }

  get size(): number {
    return this.byRow.size;
  }

  /** 'Linha 7 (Colaboradores): …; …', in sheet order (Setores, Cargos, Colaboradores) and line order. */
  list(): string[] {
    const order: SheetKey[] = ['sectors', 'positions', 'employees'];
    return [...this.byRow.values()]
      .sort((a, b) => order.indexOf(a.sheet) - order.indexOf(b.sheet) || a.line - b.line)
      .map((entry) => format(messages.spreadsheet.rowError, { line: entry.line, sheet: SHEETS[entry.sheet].name, problems: entry.texts.join('; ') }));
  }
}

function parseId(text: string): number | null {
  const trimmed = normalizeText(text);
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function planList(sheet: 'sectors' | 'positions', rows: SheetRow[], existing: NamedRow[], problems: Problems): ListPlan {
  const notOurs = sheet === 'sectors' ? messages.spreadsheet.sectorIdNotOfCompany : messages.spreadsheet.positionIdNotOfCompany;
  const byId = new Map(existing.map((row) => [row.id, row]));
  const finalName = new Map(existing.map((row) => [row.id, row.name]));
  const renamedAt = new Map<number, number>();
  const seenNames = new Map<string, number>();
  const fresh: { line: number; name: string }[] = [];
  const renamed: NamedRow[] = [];

  for (const row of rows) {
    const name = normalizeText(row.cells[0] ?? '');
    const idText = normalizeText(row.cells[1] ?? '');
    let ok = true;
    if (name === '') {
      problems.add(sheet, row.line, messages.spreadsheet.nameRequired);
      ok = false;
    } else if (name.length > MAX_NAME_LENGTH) {
      problems.add(sheet, row.line, format(messages.spreadsheet.nameTooLong, { max: MAX_NAME_LENGTH }));
      ok = false;
    } else {
      const key = nameKey(name);
      const other = seenNames.get(key);
      if (other !== undefined) {
        problems.add(sheet, row.line, format(messages.spreadsheet.nameRepeated, { name, other }));
        ok = false;
      } else seenNames.set(key, row.line);
    }
    if (idText === '') {
      if (ok) fresh.push({ line: row.line, name });
      continue;
    }
    const id = parseId(idText);
    if (id === null) {
      problems.add(sheet, row.line, format(messages.spreadsheet.idInvalid, { id: idText }));
      continue;
    }
    const current = byId.get(id);
    if (!current) {
      problems.add(sheet, row.line, format(notOurs, { id }));
      continue;
    }
    const other = renamedAt.get(id);
    if (other !== undefined) {
      problems.add(sheet, row.line, format(messages.spreadsheet.idRepeated, { id, other }));
      continue;
    }
    renamedAt.set(id, row.line);
    if (!ok) continue;
    finalName.set(id, name);
    if (name !== current.name) renamed.push({ id, name });
  }

  const keys = new Map<string, number | null>();
  for (const [id, name] of finalName) {
    const key = nameKey(name);
    const holder = keys.get(key);
    if (holder === undefined) {
      keys.set(key, id);
      continue;
    }
    // Two rows of the company end with one name: an error only when the sheet caused it by renaming.
    const line = renamedAt.get(id) ?? (holder !== null ? renamedAt.get(holder) : undefined);
    if (line !== undefined) problems.add(sheet, line, format(messages.spreadsheet.nameTaken, { name }));
  }
  // Employee rows still naming a renamed sector by its old name follow it (Excel does not update them).
  for (const row of renamed) {
    const oldKey = nameKey(byId.get(row.id)!.name);
    if (!keys.has(oldKey)) keys.set(oldKey, row.id);
  }
  const created: string[] = [];
  for (const row of fresh) {
    const key = nameKey(row.name);
    if (keys.has(key)) continue;
    keys.set(key, null);
    created.push(row.name);
  }
  return { created, renamed, keys };
}

/** Checks the workbook and plans the import; `errors` lists every bad row when there is any. */
export function planImport(sheets: UploadedSheets, state: CompanyState): { plan: ImportPlan; errors: [] } | { plan: null; errors: string[] } {
  const problems = new Problems();
  const sectors = planList('sectors', sheets.sectors, state.sectors, problems);
  const positions = planList('positions', sheets.positions, state.positions, problems);
  const employeesById = new Map(state.employees.map((employee) => [employee.id, employee]));
  const explicitIds = new Set<number>();
  for (const row of sheets.employees) {
    const id = parseId(row.cells[5] ?? '');
    if (id !== null) explicitIds.add(id);
  }

  const creates: PlannedEmployee[] = [];
  const updates: ImportPlan['updates'] = [];
  const seenIds = new Map<number, number>();
  const seenEmails = new Map<string, number>();
  for (const row of sheets.employees) {
    const [nameCell = '', emailCell = '', phoneCell = '', sectorCell = '', positionCell = '', idCell = ''] = row.cells;
    const add = (text: string) => problems.add('employees', row.line, text);
    const before = problems.size;
    const name = normalizeText(nameCell);
    const email = normalizeEmail(emailCell);
    const phone = normalizePhone(phoneCell);
    if (name === '') add(messages.spreadsheet.nameRequired);
    else if (name.length > MAX_NAME_LENGTH) add(format(messages.spreadsheet.nameTooLong, { max: MAX_NAME_LENGTH }));
    if (email === '') add(messages.spreadsheet.emailRequired);
    else if (!isEmail(email)) add(format(messages.spreadsheet.emailInvalid, { email: email.slice(0, 80) }));
    if (normalizeText(phoneCell) === '') add(messages.spreadsheet.phoneRequired);
    else if (!isPhone(phone)) add(format(messages.spreadsheet.phoneInvalid, { phone: normalizeText(phoneCell).slice(0, 40) }));

    let target: EmployeeRow | undefined;
    const idText = normalizeText(idCell);
    if (idText !== '') {
      const id = parseId(idText);
      if (id === null) add(format(messages.spreadsheet.idInvalid, { id: idText.slice(0, 20) }));
      else if (!employeesById.has(id)) add(format(messages.spreadsheet.employeeIdNotOfCompany, { id }));
      else if (seenIds.has(id)) add(format(messages.spreadsheet.idRepeated, { id, other: seenIds.get(id)! }));
      else {
        seenIds.set(id, row.line);
        target = employeesById.get(id);
      }
    }
    if (email !== '' && isEmail(email)) {
      const other = seenEmails.get(email);
      if (other !== undefined) add(format(messages.spreadsheet.emailRepeated, { email, other }));
      else seenEmails.set(email, row.line);
      const owner = state.emailOwners.get(email);
      if (owner && idText === '' && owner.companyId === state.companyId && employeesById.has(owner.id) && !explicitIds.has(owner.id)) {
        // No Id, but the company already has this person: the row updates it instead of failing.
        target = employeesById.get(owner.id);
      } else if (owner && owner.id !== target?.id) {
        add(format(owner.companyId === state.companyId ? messages.spreadsheet.emailOtherUser : messages.spreadsheet.emailOtherCompany, { email }));
      }
    }
    const sector = normalizeText(sectorCell);
    const position = normalizeText(positionCell);
    if (sector !== '' && !sectors.keys.has(nameKey(sector))) add(format(messages.spreadsheet.unknownSector, { name: sector.slice(0, 80) }));
    if (position !== '' && !positions.keys.has(nameKey(position))) add(format(messages.spreadsheet.unknownPosition, { name: position.slice(0, 80) }));
    if (problems.size !== before) continue;

    const planned: PlannedEmployee = {
      name,
      email,
      phone,
      sector: sector === '' ? null : nameKey(sector),
      position: position === '' ? null : nameKey(position),
    };
    if (target) updates.push({ ...planned, existing: target });
    else creates.push(planned);
  }
  if (problems.size > 0) return { plan: null, errors: problems.list() };
  return { plan: { sectors, positions, creates, updates }, errors: [] };
}
