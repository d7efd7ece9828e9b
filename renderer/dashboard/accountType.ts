import { createContext, useContext } from 'react';

/** The signed-in account's `type_account`, for the widgets that differ by account (a table column's `accounts`). */
export const AccountTypeContext = createContext<number | undefined>(undefined);

/** The signed-in account's `type_account` (undefined outside a dashboard). */
export function useAccountType(): number | undefined {
  return useContext(AccountTypeContext);
}
