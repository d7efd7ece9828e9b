import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from './db/client.ts';
import type { Definitions } from './definitions.ts';

/** The signed-in staff member, loaded from the database on every private call. */
export interface Account {
  id: number;
  name: string;
  email: string;
  typeAccount: number;
  companyId: number | null;
}

/** Settings the routes read. */
export interface AppSettings {
  /** Time zone of expiry days. */
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    definitions: Definitions;
    settings: AppSettings;
    /** preHandler: a valid token of an active type 1 or 2 user, else 401; sets `request.account`. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler (after `authenticate`): the account's type must be one of these, else 403. */
    requireTypes(...types: number[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    account: Account | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { uid: number };
    user: { uid: number };
  }
}
