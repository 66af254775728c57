// `node server/main.ts --port P`: serves the production build (what `next start` does), behind
// the request screen of server/front-door.ts. Started by scripts/start.mjs.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { closeWhenBodyUnread, parserRefusal, screenRequest } from './front-door.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3000' }, hostname: { type: 'string' } },
});
const port = Number(values.port);

const app = next({ dev: false, dir: join(import.meta.dirname, '..'), port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  closeWhenBodyUnread(request, response);
  const refusal = screenRequest(request.method, request.url);
  if (refusal) {
    response.writeHead(refusal.status, refusal.headers).end(refusal.body);
    return;
  }
  void handle(request, response);
});
// An idle keep-alive connection stays open longer than its clients keep theirs (Node's default
// closes it after 5 s): a client reusing it as the server closes it gets a reset, and a POST sent
// on it is not retried (an e2e decision failed so, under load, 5 s after the test's last call).
// A slow client's headers still have to arrive within `headersTimeout` (60 s).
server.keepAliveTimeout = 65_000;
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (socket.writable && !socket.writableEnded) socket.end(parserRefusal(error.code));
  else socket.destroy();
});
server.listen(port, values.hostname, () => {
  console.info(`gavel: console listening on http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Long-lived answers (none today) must not hold the exit for ever.
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
