/** @jest-environment node */
// The server's read of the first load's history against relays that fail in the two ways a
// network does: refusing the connection, and taking the request without ever answering.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { parseEnv } from '@/lib/env';
import { earlierReadBudgetMs, HistoryUnavailable, readEarlierMessages } from './earlier-messages';

jest.setTimeout(20_000);

const envWithRelayOn = (port: number) =>
  parseEnv({ DATA_DIR: 'memory://', RELAY_PORT: String(port) });

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

it('a relay that takes the request and never answers fails the read once its budget is spent', async () => {
  const held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));
  const port = await listening(silent);
  const started = Date.now();
  try {
    await expect(readEarlierMessages(envWithRelayOn(port))).rejects.toBeInstanceOf(
      HistoryUnavailable,
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(earlierReadBudgetMs - 50);
    expect(took).toBeLessThan(earlierReadBudgetMs + 5_000);
  } finally {
    held.forEach((socket) => socket.destroy());
    silent.close();
  }
});

it('a relay that cuts the connection fails the read at once, and the next request reads again', async () => {
  let connections = 0;
  const cutting = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  const port = await listening(cutting);
  try {
    await expect(readEarlierMessages(envWithRelayOn(port))).rejects.toBeInstanceOf(
      HistoryUnavailable,
    );
    const firstRead = connections;
    expect(firstRead).toBeGreaterThan(0);
    // Not kept: a second request, at once, is a second read.
    await expect(readEarlierMessages(envWithRelayOn(port))).rejects.toBeInstanceOf(
      HistoryUnavailable,
    );
    expect(connections).toBeGreaterThan(firstRead);
  } finally {
    cutting.close();
  }
});
