import { format, messages } from '../../../../engine/messages.ts';
import { isAdmin } from '../access.ts';
import { phoneDigits } from '../documents.ts';
import { isEmail, normalizeEmail } from '../../../../engine/rules/email.ts';
import { HttpError } from '../errors.ts';

import { findPositions } from '../repositories/positions.ts';
import { findSectors } from '../repositories/sectors.ts';
import { isUniqueViolation, type CompanyUserRow, type UserDetail } from '../repositories/users.ts';

import type { ListedUser, User } from '../contract/users.ts';
import type { Db } from '../db/client.ts';
import type { Account } from '../types.ts';
import { isAdministrator } from '../../../../engine/accounts.ts';

/* JSON shapes and checks shared by the user, profile and participant routes (their schemas: `contract/users.ts`). */

/** Minimum length of a new password. */
export const MIN_PASSWORD = 8;
/** Account types that sign in and so need a password. */
export const STAFF = [1, 2];

export function userJson(user: UserDetail): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    type_account: user.typeAccount,
    company_id: user.companyId,
    status: user.status,
  };
}

export function listedUserJson(user: CompanyUserRow): ListedUser {
  return {
    ...userJson(user),
    user_id: user.id,
    company_name: user.companyName,
    sector: user.sectors.map((sector) => ({ id: sector.id, sector_name: sector.name })),
    position: user.positions.map((position) => ({ id: position.id, position_name: position.name })),
    // The product's flags are the text 'true' (present) or null (absent).
    evaluator: user.evaluator ? 'true' : null,
    rated: user.rated ? 'true' : null,
  };
}

/** Name, e-mail and phone as the add/edit forms require them; 400 with the first problem. */
export function checkIdentity(body: { name?: string; email?: string; phone?: string | null }, phoneRequired: boolean) {
  const name = (body.name ?? '').trim();
  if (name === '') throw new HttpError(400, messages.registry.userNameRequired);
  const email = normalizeEmail(body.email ?? '');
  if (email === '') throw new HttpError(400, messages.registry.emailRequired);
  if (!isEmail(email)) throw new HttpError(400, messages.registry.emailInvalid);
  const phone = phoneDigits(body.phone, phoneRequired);
  return { name, email, phone };
}

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new HttpError(400, messages.registry.passwordTooShort);
}

/** The sectors and positions when all belong to `companyId`; 404 (as if absent) otherwise. */
export async function checkRelations(db: Db, companyId: number | null, sectorIds: number[], positionIds: number[]) {
  const sectors = new Map((await findSectors(db, sectorIds)).map((row) => [row.id, row]));
  for (const id of sectorIds) {
    if (sectors.get(id)?.companyId !== companyId || companyId === null) throw new HttpError(404, format(messages.api.sectorNotFound, { id }));
  }
  const positions = new Map((await findPositions(db, positionIds)).map((row) => [row.id, row]));
  for (const id of positionIds) {
    if (positions.get(id)?.companyId !== companyId || companyId === null) throw new HttpError(404, format(messages.registry.positionNotFound, { id }));
  }
}

/** Only an administrator may create or promote administrators. */
export function checkTypeAllowed(account: Account, typeAccount: number | undefined): void {
  if (isAdministrator(typeAccount) && !isAdmin(account)) throw new HttpError(403, messages.registry.adminTypeForbidden);
}

/** Runs a write; a concurrent insert of the same e-mail (unique index) answers like the pre-check. */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.registry.emailTaken);
    throw error;
  }
}
