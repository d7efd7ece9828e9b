import type { FastifyInstance } from 'fastify';
import { listActiveCompanies } from '../repositories/companies.ts';
import { bearer, errorResponses } from '../schemas/common.ts';

/** `GET /companies`: active companies by commercial name; a company user gets only its own. */
export async function companyRoutes(app: FastifyInstance) {
  app.get(
    '/companies',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Empresas visíveis ao usuário',
        security: bearer,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'commercial_name', 'company_name', 'cnpj', 'phone', 'status'],
              properties: {
                id: { type: 'integer' },
                commercial_name: { type: 'string' },
                company_name: { type: 'string' },
                cnpj: { type: ['string', 'null'] },
                phone: { type: ['string', 'null'] },
                status: { type: 'boolean' },
              },
            },
          },
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const own = account.typeAccount === 1 ? undefined : (account.companyId ?? 0);
      const companies = await listActiveCompanies(app.db, own);
      return companies.map((company) => ({
        id: company.id,
        commercial_name: company.commercialName,
        company_name: company.companyName,
        cnpj: company.cnpj,
        phone: company.phone,
        status: company.status,
      }));
    },
  );
}
