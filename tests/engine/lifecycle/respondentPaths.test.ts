import { describe, expect, it } from 'vitest';
import catalogJson from '../../../definitions/catalog.json' with { type: 'json' };
import type { Catalog } from '../../../engine/definition/catalog.ts';
import { outcomePath, respondentPage } from '../../../engine/lifecycle/respondentPaths.ts';

const catalog = catalogJson as Catalog;

describe('respondent paths', () => {
  it('reads questionnaire links of slugs that have a definition', () => {
    expect(respondentPage(catalog, '/estresse/0b6f4c1e-1f0e-4f7e-9a43-6f1d2f3c4b5a')).toEqual({
      kind: 'questionnaire',
      slug: 'estresse',
      id: '0b6f4c1e-1f0e-4f7e-9a43-6f1d2f3c4b5a',
    });
  });

  it('reads the four outcome pages and round-trips their paths', () => {
    for (const outcome of ['complete', 'done', 'invalid', 'expired'] as const) {
      expect(respondentPage(catalog, outcomePath(outcome, '17'))).toEqual({ kind: 'outcome', outcome, param: '17' });
    }
  });

  it('leaves staff paths, unknown slugs and the API to the staff app', () => {
    for (const path of ['/', '/home', '/dash/13', '/users/3', '/company', '/naoexiste/1', '/naoexiste', '/evaluation/other/1']) {
      expect(respondentPage(catalog, path), path).toBeNull();
    }
  });

  it('gives a questionnaire slug with an empty, missing or extra id the invalid page, not the sign-in', () => {
    const invalid = { kind: 'outcome', outcome: 'invalid', param: '' };
    for (const path of ['/estresse', '/estresse/', '/estresse//', '/estresse/%20', '/mapataticonew/', '/estresse/1/2']) {
      expect(respondentPage(catalog, path), path).toEqual(invalid);
    }
  });
});
