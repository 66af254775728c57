// For the ingest clients' tests: a real HTTP server standing in for the console's platform
// ingests, recording every request it receives (the boundary under test), and a log that keeps
// its lines. Servers started here are closed by `closeStandIns`, to call after each test.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received<Item> {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { items: Item[] };
  /** What the stand-in answered; null when it left the request hanging. */
  status: number | null;
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/** What `answer` sees of a request: its parsed body and its size on the wire. */
export interface Asked<Item> {
  body: { items: Item[] };
  bytes: number;
}

const servers: Server[] = [];

/** A stand-in console: records every request and answers with `answer(n)` for the n-th one. */
export async function startConsole<Item>(
  answer: (n: number, asked: Asked<Item>) => Answer = () => ({ status: 200 }),
  port = 0,
) {
  const received: Received<Item>[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString('utf8')) as Asked<Item>['body'];
    const reply = answer(received.length + 1, { body, bytes: raw.byteLength });
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
      status: reply === 'hang' ? null : reply.status,
    });
    if (reply === 'hang') return;
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body ?? { items: [], created: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The items the console accepted (answered 2xx), in order. */
  const accepted = () =>
    received.flatMap((request) =>
      request.status !== null && request.status < 300 ? request.body.items : [],
    );
  return { server, url, received, accepted };
}

export async function closeStandIns() {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
}

export function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  const log = {
    info: (text: string) => lines.push({ level: 'info', text }),
    warn: (text: string) => lines.push({ level: 'warn', text }),
    error: (text: string) => lines.push({ level: 'error', text }),
  };
  return { log, lines };
}

/** Each request as [items in it, the stand-in's answer], in the order they came. */
export const exchanges = (received: Received<unknown>[]) =>
  received.map((request) => [request.body.items.length, request.status]);

export const bodyBytes = (items: unknown[]) => Buffer.byteLength(JSON.stringify({ items }));

/** A console whose body limit is `limit` bytes instead of 64 KiB. */
export const tooLargeOver =
  (limit: number) =>
  (_n: number, { bytes }: Asked<unknown>): Answer =>
    bytes > limit
      ? {
          status: 413,
          body: { error: { code: 'payload_too_large', message: 'The body is too large.' } },
        }
      : { status: 200 };
