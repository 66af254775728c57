import type { ErrorEvent } from '@sentry/nextjs';
import { eventText, prepareEvent, scrubEvent } from './scrub-event';

function fullEvent(): ErrorEvent {
  return {
    type: undefined,
    event_id: 'abc123',
    message: 'Bid failed',
    level: 'error',
    tags: { area: 'lots' },
    exception: {
      values: [
        {
          type: 'TypeError',
          value: 'x is not a function',
          stacktrace: { frames: [{ filename: 'app/page.tsx', lineno: 10, function: 'bid' }] },
        },
      ],
    },
    request: {
      url: 'https://gavel.example/lots/42?token=secret&x=1#frag',
      method: 'POST',
      cookies: { session: 'cookie-secret' },
      headers: { authorization: 'Bearer secret', cookie: 'session=cookie-secret' },
      data: { password: 'hunter2' },
      query_string: 'token=secret&x=1',
      env: { REMOTE_ADDR: '1.2.3.4' },
    },
    user: { id: 'u1', email: 'a@b.c', ip_address: '1.2.3.4' },
    extra: { password: 'hunter2' },
    breadcrumbs: [
      {
        category: 'fetch',
        message: 'GET /api/lots?page=2&token=secret',
        data: { url: '/api/lots?page=2&token=secret', status_code: 200 },
        timestamp: 1,
      },
      {
        category: 'navigation',
        message: '/lots#bottom',
        data: { from: '/?a=1', to: '/lots#bottom' },
        timestamp: 2,
      },
      { category: 'ui.click', timestamp: 3 },
    ],
  };
}

describe('scrubEvent', () => {
  it('removes cookies, headers, body, query string and env from the request, keeps url path and method', () => {
    expect(scrubEvent(fullEvent()).request).toEqual({
      url: 'https://gavel.example/lots/42',
      method: 'POST',
    });
  });

  it('removes user and extra', () => {
    const scrubbed = scrubEvent(fullEvent());
    expect(scrubbed).not.toHaveProperty('user');
    expect(scrubbed).not.toHaveProperty('extra');
  });

  it('removes breadcrumb data and query strings from breadcrumb messages', () => {
    expect(scrubEvent(fullEvent()).breadcrumbs).toEqual([
      { category: 'fetch', message: 'GET /api/lots', timestamp: 1 },
      { category: 'navigation', message: '/lots', timestamp: 2 },
      { category: 'ui.click', message: undefined, timestamp: 3 },
    ]);
  });

  it('keeps the exception, message, tags, level and id', () => {
    const original = fullEvent();
    const scrubbed = scrubEvent(original);
    expect(scrubbed.exception).toEqual(original.exception);
    expect(scrubbed.message).toBe('Bid failed');
    expect(scrubbed.tags).toEqual({ area: 'lots' });
    expect(scrubbed.level).toBe('error');
    expect(scrubbed.event_id).toBe('abc123');
    expect(scrubbed.type).toBeUndefined();
  });

  it('leaves no secret anywhere in the serialized event', () => {
    const json = JSON.stringify(scrubEvent(fullEvent()));
    for (const secret of ['secret', 'hunter2', 'a@b.c', '1.2.3.4', 'token=', 'page=2']) {
      expect(json).not.toContain(secret);
    }
  });

  it('does not mutate the original event', () => {
    const original = fullEvent();
    scrubEvent(original);
    expect(original).toEqual(fullEvent());
  });

  it('keeps a url without a query unchanged and adds no request or breadcrumbs when absent', () => {
    const withPath: ErrorEvent = { type: undefined, request: { url: '/lots/1', method: 'GET' } };
    expect(scrubEvent(withPath).request).toEqual({ url: '/lots/1', method: 'GET' });
    const bare: ErrorEvent = { type: undefined, message: 'm' };
    const scrubbed = scrubEvent(bare);
    expect(scrubbed).not.toHaveProperty('request');
    expect(scrubbed).not.toHaveProperty('breadcrumbs');
    expect(scrubbed).toEqual({ type: undefined, message: 'm' });
  });
});

describe('eventText', () => {
  it('joins the message and each exception value', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'm',
      exception: { values: [{ type: 'Error', value: 'a' }, { type: 'Error' }, { value: 'b' }] },
    };
    expect(eventText(event)).toBe('m\na\n\nb');
  });
});

describe('prepareEvent', () => {
  it.each<[string, ErrorEvent]>([
    ['ignored text in the message', { type: undefined, message: 'Unauthorized' }],
    [
      'ignored text in an exception value',
      {
        type: undefined,
        exception: {
          values: [{ type: 'Error', value: 'Non-Error exception captured with keys: a' }],
        },
      },
    ],
    [
      'ignored text in the second exception value',
      {
        type: undefined,
        message: 'Wrapped',
        exception: {
          values: [
            { type: 'Error', value: 'fine' },
            { type: 'Error', value: 'HTTP 0 Unknown Error' },
          ],
        },
      },
    ],
    ['an event without any text', { type: undefined }],
    [
      'an event with only an empty exception',
      { type: undefined, exception: { values: [{ type: 'Error', value: '' }] } },
    ],
  ])('drops %s', (_name, event) => {
    expect(prepareEvent(event)).toBeNull();
  });

  it('returns the scrubbed event for a reportable error', () => {
    const prepared = prepareEvent(fullEvent());
    expect(prepared).toEqual(scrubEvent(fullEvent()));
    expect(prepared?.request).toEqual({ url: 'https://gavel.example/lots/42', method: 'POST' });
    expect(prepared).not.toHaveProperty('user');
    expect(prepared?.exception?.values?.[0]?.value).toBe('x is not a function');
  });
});
