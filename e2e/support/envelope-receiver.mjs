// A local stand-in for Sentry's ingest: stores the envelopes the real SDK sends, for e2e checks.
// POST /api/{project}/envelope/  records; GET /events?project=N lists event items; GET /health.
import { createServer } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

const port = Number(process.env.ENVELOPE_RECEIVER_PORT || 3190);
const events = [];

function decode(buffer, encoding) {
  if (encoding === 'gzip') return gunzipSync(buffer);
  if (encoding === 'deflate') return inflateSync(buffer);
  return buffer;
}

/** An envelope is newline-separated JSON: a header, then item header and payload pairs. */
function parseEnvelope(text) {
  const [, ...lines] = text.split('\n');
  const items = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    try {
      items.push({ header: JSON.parse(lines[i]), payload: JSON.parse(lines[i + 1]) });
    } catch {
      // Attachments and other non-JSON payloads are not needed by the tests.
    }
  }
  return items;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
};

createServer((request, response) => {
  const url = new URL(request.url, `http://${request.headers.host}`);
  if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
  const envelopePath = url.pathname.match(/^\/api\/(\d+)\/envelope\/?$/);
  if (request.method === 'POST' && envelopePath) {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = decode(Buffer.concat(chunks), request.headers['content-encoding']).toString(
        'utf8',
      );
      for (const item of parseEnvelope(body)) {
        if (item.header.type === 'event')
          events.push({ project: envelopePath[1], event: item.payload });
      }
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/events') {
    const project = url.searchParams.get('project');
    const matching = events.filter((entry) => !project || entry.project === project);
    return response
      .writeHead(200, { ...cors, 'content-type': 'application/json' })
      .end(JSON.stringify(matching));
  }
  if (url.pathname === '/health') return response.writeHead(200, cors).end('ok');
  response.writeHead(404, cors).end();
}).listen(port, '127.0.0.1', () => console.info(`envelope receiver on http://127.0.0.1:${port}`));
