import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../../engine/accounts.ts';
import { bearer, errorResponses } from '../../contract/common.ts';
import { answerCall, missingDatasets } from './answer.ts';
import { CALLS } from './calls.ts';
import { userCallRoutes } from './userCalls.ts';

/*
 * The result calls of the specification (results, section 7) that no screen uses, kept for clients
 * written against it: declared as data over the dashboards' datasets (`calls.ts`, in the language of
 * `language.ts`) and answered by one interpreter (`answer.ts`).
 */

/** Registers the result calls of the specification's section 7 that the generic dashboard calls do not cover. */
export async function resultCallRoutes(app: FastifyInstance) {
  // A definition without a dataset a call reads is a deployment error: refuse to start.
  for (const declaration of CALLS) {
    if (typeof declaration.dashboard !== 'number') continue;
    const dashboard = app.definitions.dashboards.get(declaration.dashboard);
    const missing = dashboard ? missingDatasets(dashboard, declaration) : ['all'];
    if (missing.length > 0) throw new Error(`dashboard ${declaration.dashboard} lacks the datasets ${missing.join(', ')} that ${declaration.method} ${declaration.url} reads`);
  }

  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  for (const declaration of CALLS) {
    const { method, url, summary, params, querystring, body, response, errors } = declaration;
    app.route({
      method,
      url,
      preHandler: staff,
      schema: { tags: ['results'], summary, security: bearer, ...(params && { params }), ...(querystring && { querystring }), ...(body && { body }), response: { 200: response, ...errorResponses(...errors) } },
      handler: async (request) =>
        answerCall({ db: app.db, definitions: app.definitions, timeZone: app.settings.timeZone }, declaration, { account: request.account!, params: request.params, query: request.query, body: request.body }),
    });
  }
  userCallRoutes(app, staff);
}
