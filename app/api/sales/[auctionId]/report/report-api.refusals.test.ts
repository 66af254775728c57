/** @jest-environment node */
// GET /api/sales/{auctionId}/report through its route handler, on a real in-memory PGlite
// database: what it refuses (no session, an unknown sale) and every other method.
import '@/testing/server/memory-database-env';
import { expectProblem, type Cookie } from '@/testing/server/agreements-requests';
import { reportFixture } from './report-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { route, reportRequest, report, agreement, catalogue } = reportFixture();

describe('refusals', () => {
  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: 401, for a known sale and an unknown one alike', async (_name, cookie) => {
    await catalogue('report-signed-out', [['a', 'EUR', 10, 20]]);
    await expectProblem(await report('report-signed-out', cookie), 401, 'unauthorized');
    await expectProblem(await report('no-such-sale', cookie), 401, 'unauthorized');
    await expectProblem(await report('x'.repeat(500), cookie), 401, 'unauthorized');
  });

  it('404 for a sale only agreements name: no catalogue, no report', async () => {
    await agreement('report-uncatalogued', 'a', 15, 'EUR', 'approve');
    await expectProblem(await report('report-uncatalogued'), 404, 'not_found');
  });

  it.each([
    ['an unknown id', 'no-such-sale'],
    ['an empty id', ''],
    ['a 101-character id', 'r'.repeat(101)],
    ['a leading space', ' report-asia'],
    ['a NUL', 'report\u0000asia'],
    ['a lone surrogate', 'report\ud800asia'],
    ['another case of a known id', 'REPORT-ASIA'],
  ])('%s -> 404 not_found', async (_name, auctionId) => {
    await expectProblem(await report(auctionId), 404, 'not_found');
  });

  it('every other method answers 405 in the envelope', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route()[method](...reportRequest('report-asia', method));
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const options = await route().OPTIONS(...reportRequest('report-asia', 'OPTIONS'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
