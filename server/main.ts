// `node server/main.ts --port P`: serves the production build (what `next start` does), behind
// the request screen of server/front-door.ts. Started by scripts/start.mjs.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import nextEnv from '@next/env';
import next from 'next';
import { ConfigurationError, parseEnv } from '../lib/env.ts';
import {
  DataDirLockedError,
  embeddedDataFolder,
  lockDataDir,
} from '../lib/server/db/data-dir-lock.ts';
import { closeWhenBodyUnread, parserRefusal, screenRequest } from './front-door.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3000' }, hostname: { type: 'string' } },
});
const port = Number(values.port);

const root = join(import.meta.dirname, '..');
const app = next({ dev: false, dir: root, port });
// The port, then the embedded database's folder, are taken before Next prepares: preparing runs
// instrumentation.ts, which opens and migrates the database, and a second start must stop before
// it touches the folder of the first (ADR 0027). Next would only log a failed preparation and
// answer 500 for ever: taken here, a folder in use stops the start, naming the pid holding it.
// Requests that arrive while Next prepares (migrations, demo data: seconds) wait for it rather
// than being refused: a client polling for the start (scripts, Playwright's webServer) or an
// early browser gets its answer once the console is ready.
type Handler = ReturnType<typeof app.getRequestHandler>;
let handle: Handler | null = null;
const prepared = Promise.withResolvers<Handler>();

const server = createServer((request, response) => {
  closeWhenBodyUnread(request, response);
  const refusal = screenRequest(request.method, request.url);
  if (refusal) {
    response.writeHead(refusal.status, refusal.headers).end(refusal.body);
    return;
  }
  if (handle) void handle(request, response);
  else void prepared.promise.then((ready) => ready(request, response));
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
function refuseToStart(error: NodeJS.ErrnoException) {
  console.error(
    error.code === 'EADDRINUSE'
      ? `gavel: port ${port} is in use: is another Gavel running? Stop it, or start this one with ` +
          'another PORT.'
      : `gavel: cannot listen on port ${port}: ${error.message}`,
  );
  process.exit(1);
}
server.once('error', refuseToStart);
/** Locks the folder of the embedded database, if the console uses one, for this process. */
function takeDataFolder() {
  // The same files and checks as Next and scripts/start.mjs, so the same folder.
  nextEnv.loadEnvConfig(root, false);
  try {
    const folder = embeddedDataFolder(parseEnv(process.env));
    if (folder) lockDataDir(folder);
  } catch (error) {
    if (!(error instanceof ConfigurationError || error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

server.listen(port, values.hostname, () => {
  server.off('error', refuseToStart);
  takeDataFolder();
  app.prepare().then(
    () => {
      handle = app.getRequestHandler();
      prepared.resolve(handle);
      console.info(`gavel: console listening on http://localhost:${port}`);
    },
    (error: unknown) => {
      // Next could not start (its build missing, say): the reason, then stop.
      console.error(error instanceof Error && error.cause instanceof Error ? error.cause : error);
      process.exit(1);
    },
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Long-lived answers (none today) must not hold the exit for ever.
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
