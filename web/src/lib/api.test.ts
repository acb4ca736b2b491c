import { describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '../../../src/rules/catalogue.js';
import { Api, ApiError, type Fetch } from './api.js';

/** A fetch that answers from a list and records what it was asked. */
function fakeFetch(answers: readonly { status: number; body: unknown }[]) {
  const asked: { url: string; method?: string; headers?: Record<string, string>; body?: string }[] = [];
  let n = 0;
  const fetchFn: Fetch = async (url, init) => {
    asked.push({ url, ...init });
    const a = answers[Math.min(n++, answers.length - 1)]!;
    return { ok: a.status < 300, status: a.status, json: async () => a.body };
  };
  return { api: new Api(fetchFn, 'http://h'), asked };
}

const SUMMARY = { id: 't 1', name: 'Ash Crypt', ruleset: DEFAULT_RULESET, smith: 'Mora', invite: 'valid' };

describe('api', () => {
  it('summary: no token, the invite code in the query only when there is one', async () => {
    const { api, asked } = fakeFetch([{ status: 200, body: SUMMARY }]);
    await expect(api.summary('t 1', 'c/d')).resolves.toEqual(SUMMARY);
    await api.summary('t 1');
    await api.summary('t 1', null);
    await api.summary('t 1', '');
    expect(asked.map((a) => a.url)).toEqual([
      'http://h/api/tables/t%201/summary?invite=c%2Fd',
      'http://h/api/tables/t%201/summary',
      'http://h/api/tables/t%201/summary',
      'http://h/api/tables/t%201/summary',
    ]);
    for (const a of asked) {
      expect(a.method).toBe('GET');
      expect(a.headers).not.toHaveProperty('authorization');
    }
  });

  it('tableExists asks the summary, so no request is refused for want of a token', async () => {
    const found = fakeFetch([{ status: 200, body: SUMMARY }]);
    await expect(found.api.tableExists('t1')).resolves.toBe(true);
    expect(found.asked.map((a) => a.url)).toEqual(['http://h/api/tables/t1/summary']);
    const missing = fakeFetch([{ status: 404, body: { error: { code: 'table/not-found', message: 'No table t1.' } } }]);
    await expect(missing.api.tableExists('t1')).resolves.toBe(false);
    const down = fakeFetch([{ status: 500, body: null }]);
    await expect(down.api.tableExists('t1')).rejects.toBeInstanceOf(ApiError);
  });

  it("renewSeat: one's own with an empty body, another's with its id; the bearer token sent", async () => {
    const { api, asked } = fakeFetch([{ status: 200, body: { memberId: 'm1', token: 'new' } }]);
    await expect(api.renewSeat('t1', 'tok')).resolves.toEqual({ memberId: 'm1', token: 'new' });
    await api.renewSeat('t1', 'tok', 'm2');
    expect(asked.map((a) => [a.method, a.url, a.body, a.headers?.['authorization']])).toEqual([
      ['POST', 'http://h/api/tables/t1/seat', '{}', 'Bearer tok'],
      ['POST', 'http://h/api/tables/t1/seat', '{"memberId":"m2"}', 'Bearer tok'],
    ]);
  });

  it("a refusal carries the server's code and message: a removed member, a name taken", async () => {
    const removed = fakeFetch([{ status: 401, body: { error: { code: 'auth/removed', message: 'The Smith removed you from this table.' } } }]);
    await expect(removed.api.renewSeat('t1', 'tok')).rejects.toMatchObject({ status: 401, code: 'auth/removed', message: 'The Smith removed you from this table.' });
    const taken = fakeFetch([{ status: 409, body: { error: { code: 'member/name-taken', message: 'Ada is already at this table.' } } }]);
    await expect(taken.api.join('t1', 'code', 'ada')).rejects.toMatchObject({ status: 409, code: 'member/name-taken' });
    const bare = fakeFetch([{ status: 409, body: null }]);
    await expect(bare.api.join('t1', 'code', 'ada')).rejects.toMatchObject({ code: 'http/409', message: expect.stringContaining('taken') });
  });
});
