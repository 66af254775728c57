/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: the
// session first, then the query and the methods it refuses.
import '@/testing/server/memory-database-env';
import { expectProblem, type Cookie } from '@/testing/server/agreements-requests';
import { exportFixture, header, xlsxType } from './export-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const {
  route,

  staff,

  exportRequest,
  exportCsv,
  exportOk,
} = exportFixture();

describe('signed out', () => {
  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: 401 in the error envelope, no CSV', async (_name, cookie) => {
    const response = await exportCsv('?status=approved&sort=nonsense', cookie);
    expect(response.headers.get('content-disposition')).toBeNull();
    await expectProblem(response, 401, 'unauthorized');
  });
});

describe('the request', () => {
  it.each<[string, string]>([
    ['an unknown sort', '?sort=price'],
    ['an unknown status', '?status=all'],
    ['a 201-character q', `?q=${'q'.repeat(201)}`],
    ['a q with a control character', '?q=%00'],
    ['a sale with a control character', '?sale=%07'],
    ['an unknown format', '?format=pdf'],
    ['a format in capitals', '?format=XLSX'],
  ])('%s -> 400 bad_request', async (_name, query) => {
    await expectProblem(await exportCsv(query), 400, 'bad_request');
  });

  it('names the formats it writes when it refuses one', async () => {
    const body = await expectProblem(await exportCsv('?format=pdf'), 400, 'bad_request');
    expect(body.error.message).toBe('format: format must be one of csv, xlsx');
  });

  it('takes format=csv as the default it is', async () => {
    expect(await exportOk('?q=no-such-lot&format=csv')).toBe(header);
  });

  it('answers HEAD with the headers and no body, and 405 with Allow to other methods', async () => {
    const head = await route().HEAD(exportRequest('', staff(), 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route()[method](exportRequest('', staff(), method));
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const workbook = await route().HEAD(exportRequest('?format=xlsx', staff(), 'HEAD'));
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toBe(xlsxType);
    expect(await workbook.text()).toBe('');
    const options = await route().OPTIONS(exportRequest('', staff(), 'OPTIONS'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
