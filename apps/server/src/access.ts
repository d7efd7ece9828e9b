import { format, messages } from '../../../engine/messages.ts';
import type { Db } from './db/client.ts';
import { HttpError } from './errors.ts';
import { findCompany, type CompanyRow } from './repositories/companies.ts';
import { findUsers, type UserRow } from './repositories/users.ts';
import type { Account } from './types.ts';
import { isAdministrator } from '../../../engine/accounts.ts';

/*
 * Tenancy rules in one place. Administrators (type 1) see every company; a company user (type 2) sees
 * only its own, and anything of another company answers 404 exactly as if it did not exist, so ids
 * cannot be probed.
 */

/** Whether the account is an administrator. */
export function isAdmin(account: Account): boolean {
  return isAdministrator(account.typeAccount);
}

/** The company the account is confined to, or undefined for an administrator (every company). */
export function companyScope(account: Account): number | undefined {
  return isAdmin(account) ? undefined : (account.companyId ?? 0);
}

/** Whether the account may see data of `companyId`. */
export function canSeeCompany(account: Account, companyId: number | null | undefined): boolean {
  return isAdmin(account) || (companyId != null && companyId === account.companyId);
}

/** The company if it exists and the account may see it; otherwise 404. */
export async function visibleCompany(db: Db, account: Account, companyId: number): Promise<CompanyRow> {
  const company = canSeeCompany(account, companyId) ? await findCompany(db, companyId) : null;
  if (!company) throw new HttpError(404, format(messages.api.companyNotFound, { id: companyId }));
  return company;
}

/** The users by id when every one exists and is visible to the account; otherwise 404 naming the first missing. */
export async function visibleUsers(db: Db, account: Account, ids: number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  const found = new Map((await findUsers(db, unique)).map((user) => [user.id, user]));
  for (const id of unique) {
    const user = found.get(id);
    if (!user || !canSeeCompany(account, user.companyId)) throw new HttpError(404, format(messages.api.userNotFound, { id }));
  }
  return found;
}
