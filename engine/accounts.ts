/**
 * The account types of the product (administration.md): one vocabulary for the server's role checks
 * and the web app's menus, routes and screens, instead of numbers spread through the code.
 */
export const ACCOUNT = {
  /** Staff of the consultancy: every company, every menu item. */
  administrator: 1,
  /** A client company's user: only its own company. */
  company: 2,
  /** An employee without platform access: answers links, never signs in. */
  participant: 3,
} as const;

/** An account type (`type_account`). */
export type AccountType = (typeof ACCOUNT)[keyof typeof ACCOUNT];

/** The account types that sign in (the staff app). */
export const STAFF_ACCOUNTS: readonly number[] = [ACCOUNT.administrator, ACCOUNT.company];

/** Whether an account type is an administrator's. */
export function isAdministrator(typeAccount: number | null | undefined): boolean {
  return typeAccount === ACCOUNT.administrator;
}

/** Whether an account type is a company user's (locked to its own company). */
export function isCompanyUser(typeAccount: number | null | undefined): boolean {
  return typeAccount === ACCOUNT.company;
}

/** Whether an account type may sign in. */
export function isStaff(typeAccount: number | null | undefined): boolean {
  return typeAccount != null && STAFF_ACCOUNTS.includes(typeAccount);
}
