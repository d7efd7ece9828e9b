import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../../engine/accounts.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { bearer, errorResponses } from '../../contract/common.ts';
import type { Definitions } from '../../definitions.ts';
import { replyWithFile } from '../../reports/reports.ts';
import { dashboardOfType } from '../../results/views.ts';
import { staffFormsOf, theOneStaffForm } from '../../staffForms.ts';
import { missingDatasets } from './answer.ts';
import { answerCall, fileOfCall } from './run.ts';
import { CALLS } from './calls.ts';
import type { CallDeclaration } from './language.ts';
import { userCallRoutes } from './userCalls.ts';

/*
 * The result calls of the specification (results, section 7) that no screen uses, kept for clients
 * written against it: declared as data over the dashboards' datasets (`calls.ts`, in the language of
 * `language.ts`) and answered by one interpreter (`answer.ts`).
 */

/**
 * The declarations with the one staff form's dashboard found in the definitions (its type's view);
 * several staff forms or none, or a form without a view, stop the start naming those calls' paths.
 */
export function resolveDashboards(definitions: Pick<Definitions, 'questionnaires' | 'dashboards'>, calls: CallDeclaration[]): CallDeclaration[] {
  const ofStaffForm = calls.filter((declaration) => typeof declaration.dashboard === 'object' && 'oneStaffForm' in declaration.dashboard);
  if (ofStaffForm.length === 0) return calls;
  const form = theOneStaffForm(staffFormsOf(definitions), ofStaffForm.map((declaration) => declaration.url));
  const view = dashboardOfType(definitions, form.type);
  if (!view) throw new Error(format(messages.interview.modelInvalid, { type: form.type, problems: messages.interview.modelMissing }));
  return calls.map((declaration) => (ofStaffForm.includes(declaration) ? { ...declaration, dashboard: view.id } : declaration));
}

/** Registers the result calls of the specification's section 7 that the generic dashboard calls do not cover. */
export async function resultCallRoutes(app: FastifyInstance) {
  const calls = resolveDashboards(app.definitions, CALLS);
  // A definition without a dataset a call reads is a deployment error: refuse to start.
  for (const declaration of calls) {
    if (typeof declaration.dashboard !== 'number') continue;
    const dashboard = app.definitions.dashboards.get(declaration.dashboard);
    const missing = dashboard ? missingDatasets(dashboard, declaration) : ['all'];
    if (missing.length > 0) throw new Error(`dashboard ${declaration.dashboard} lacks the datasets ${missing.join(', ')} that ${declaration.method} ${declaration.url} reads`);
  }

  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const env = { db: app.db, definitions: app.definitions, timeZone: app.settings.timeZone };
  for (const declaration of calls) {
    const { method, url, summary, params, querystring, body, response, errors } = declaration;
    app.route({
      method,
      url,
      preHandler: staff,
      schema: { tags: ['results'], summary, security: bearer, ...(params && { params }), ...(querystring && { querystring }), ...(body && { body }), response: { 200: response, ...errorResponses(...errors) } },
      handler: async (request, reply) => {
        const call = { account: request.account!, params: request.params, query: request.query, body: request.body };
        if (declaration.file !== undefined) return replyWithFile(app, reply, () => fileOfCall(app, declaration, call));
        return answerCall(env, declaration, call);
      },
    });
  }
  userCallRoutes(app, staff);
}
