/**
 * Issue 23, item 4 ("Smaller"): every error answer is the product's Portuguese `{message}`, ids are
 * checked at the edge, tokens carry their claims, answers carry their cache and permission headers,
 * and the public registration link shows only what its page needs.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../engine/messages.ts';
import { setUpWorld, t } from './world.ts';

setUpWorld();

describe('answers Fastify gives before the routes', () => {
  it('answers a bad URL encoding 400 in Portuguese, without echoing the path', async () => {
    for (const url of ['/api/users/list/%zz', '/api/companies/%E0%A4%A', '/api/evaluation/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: messages.api.badUrl });
      expect(response.body, url).not.toContain('%');
      expect(response.body, url).not.toMatch(/Bad Request|FST_ERR/);
    }
  });

  it('answers an over-long path parameter 414 in Portuguese, without echoing the path', async () => {
    const long = '1'.repeat(500);
    // GET and DELETE fall through to the not-found answer; a PATCH finds no other route.
    for (const url of [`/api/sectors/${long}`, `/api/positions/${long}`]) {
      const response = await t.app.inject({ method: 'PATCH', url, payload: {} });
      expect(response.statusCode, url).toBe(414);
      expect(response.json(), url).toEqual({ message: messages.api.uriTooLong });
      expect(response.body, url).not.toContain(long);
      expect(response.body, url).not.toMatch(/Bad Request|FST_ERR/);
    }
  });
});
