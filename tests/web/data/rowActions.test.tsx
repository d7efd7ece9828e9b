import { describe, expect, it } from 'vitest';
import type { EvaluationRow } from '../../../apps/server/src/contract/evaluations';
import { isRenewable, respondentLink, rowActions } from '../../../apps/web/src/pages/data/rowActions';
import { jobMessage, jobStatus } from '../../../apps/web/src/pages/data/queueRows';
import { parseDays } from '../../../apps/web/src/pages/data/RenewDialog';

const row = (over: Partial<EvaluationRow>): EvaluationRow => ({
  evaluation_id: 'e1',
  user_id: 1,
  user_name: 'Ana',
  rated_name: null,
  type: '13',
  type_name: 'Escala de Estresse Percebido',
  expire_at: '2030-01-01T00:00:00Z',
  done: false,
  expired: false,
  created_at: '2029-12-01T00:00:00Z',
  ...over,
});

describe('data management row menu', () => {
  it('offers a company user reminder and renewal, and the e-mail only for a pending type 2', () => {
    expect(rowActions(row({}), false)).toEqual(['remind', 'selectRenew']);
    expect(rowActions(row({ type: '2' }), false)).toEqual(['remind', 'evaluationEmail', 'selectRenew']);
    expect(rowActions(row({ type: '2', expired: true }), false)).toEqual(['remind', 'selectRenew']);
    expect(rowActions(row({ done: true }), false)).toEqual(['reportEmail']);
  });

  it('gives administrators the e-mail, link, ids and delete', () => {
    expect(rowActions(row({}), true)).toEqual(['remind', 'adminEmail', 'selectRenew', 'copyLink', 'copyIds', 'delete']);
    // The interview has no link and never expires: nothing to e-mail, copy or renew.
    expect(rowActions(row({ type: '11', expire_at: null }), true)).toEqual(['remind', 'copyIds', 'delete']);
  });

  it('builds the respondent link from the catalogue slug', () => {
    expect(respondentLink(row({}), 'https://x.test')).toBe('https://x.test/estresse/e1');
    expect(respondentLink(row({ type: '11' }), 'https://x.test')).toBeNull();
  });

  it('never selects interview or answered rows for renewal', () => {
    expect(isRenewable(row({}))).toBe(true);
    expect(isRenewable(row({ type: '11' }))).toBe(false);
    expect(isRenewable(row({ done: true }))).toBe(false);
  });

  it('accepts 1 to 365 whole days', () => {
    expect(parseDays('1')).toBe(1);
    expect(parseDays('365')).toBe(365);
    expect(parseDays('0')).toBeNull();
    expect(parseDays('366')).toBeNull();
    expect(parseDays('2.5')).toBeNull();
    expect(parseDays('')).toBeNull();
  });
});

describe('queue rows', () => {
  it('is failed with a reason, succeeded when completed, waiting otherwise', () => {
    expect(jobStatus({ failedReason: 'SMTP caiu', state: 'retry' })).toBe('failed');
    expect(jobStatus({ failedReason: null, state: 'completed' })).toBe('succeeded');
    expect(jobStatus({ failedReason: null, state: 'created' })).toBe('waiting');
    expect(jobMessage({ failedReason: null, returnvalue: { message: 'E-mail enviado' } })).toBe('E-mail enviado');
    expect(jobMessage({ failedReason: 'SMTP caiu', returnvalue: null })).toBe('SMTP caiu');
  });
});
