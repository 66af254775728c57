// The sale-record benchmark's relay (bench/record.mjs): the embedded relay of relay/server.ts in a
// process of its own, as `npm start` runs it (relay/main.ts) but without the simulator and with
// room for more messages in history than the console's 10,000, so 20,000 can wait for a recorder.
// Plain Node 24 (type stripping), as relay/main.ts. Prints one line `bench-relay: ready` once it
// listens; stops on SIGTERM or SIGINT, or when the parent goes (its stdin closes).
// `node bench/record-relay.mjs <port> <capacity> <dataDir>`
import { createRelay } from '../relay/server.ts';
import { embeddedKeys } from '../lib/server/realtime/embedded-keys.ts';

const [port, capacity, dataDir] = process.argv.slice(2);
const relay = createRelay({
  ...embeddedKeys,
  allowedOrigins: [],
  channelCapacity: Number(capacity),
  ...(dataDir ? { dataDir } : {}),
});
await relay.listen(Number(port), '127.0.0.1');
console.info('bench-relay: ready');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await relay.close().catch(() => undefined);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// An orphan never outlives the benchmark: the parent holds the other end of stdin.
process.stdin.on('close', () => void stop());
process.stdin.resume();
