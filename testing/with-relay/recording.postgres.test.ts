/** @jest-environment node */
// The recorder on PostgreSQL (contract §13), with a real relay, the real SDK and real processes:
// - two consoles on one database: exactly one records, and when it stops the other takes over
//   within 10 s;
// - the recording process killed mid-sale (SIGKILL: no clean stop, its lock freed only by
//   PostgreSQL seeing its connection close) and started again;
// each time the record equals what was published, nothing missing, nothing twice. One file, so
// the two never hold the recorder lock at once.
import '@/testing/server/postgres-database-env';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import PubNub from 'pubnub';
import { parseEnv } from '@/lib/env';
import { openDatabase, type DatabaseHandle } from '@/lib/server/db/database';
import { saleMessages } from '@/lib/server/db/schema';
import { sleep, waitFor } from '@/testing/wait-for';
import { createRelay } from '@/relay/server.ts';
import { lockRetryMs, startRecording, type Recording } from '@/lib/server/record/recording';
import { recordedThrough } from '@/lib/server/record/write-batch';

jest.setTimeout(90_000);

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const root = join(__dirname, '..', '..');
let relay: ReturnType<typeof createRelay>;
let port: number;
let publisher: PubNub;
const handles: DatabaseHandle[] = [];
const recordings: Recording[] = [];
const children: ChildProcess[] = [];
let published: string[] = [];
let next = 0;

beforeAll(async () => {
  relay = createRelay({ ...keys, allowedOrigins: [], longPollMs: 2000 });
  await relay.listen(0, '127.0.0.1');
  port = (relay.server.address() as AddressInfo).port;
  publisher = new PubNub({ ...keys, userId: 'publisher', origin: `127.0.0.1:${port}`, ssl: false });
  process.env.RELAY_PORT = String(port);
  for (let i = 0; i < 2; i += 1)
    handles.push(await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' }));
});

beforeEach(async () => {
  published = [];
  await handles[0]!.db.execute(
    sql`truncate sale_messages, rejected_messages, lot_records, flag_reviews, sale_flags, recorder_cursor`,
  );
  // The relay's history of the last test is older than this one's cursor-less start: a fresh
  // channel per test would be simpler, but the recorder reads `bids` only; remove it instead.
  await fetch(
    `http://127.0.0.1:${port}/v3/history/sub-key/${keys.subscribeKey}/channel/bids?uuid=test`,
    { method: 'DELETE' },
  );
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(recordings.map((recording) => recording.stop()));
  await Promise.all(handles.map((handle) => handle.close()));
  publisher.destroy();
  await relay.close();
});

async function publishBid() {
  const n = next++;
  const { timetoken } = await publisher.publish({
    channel: 'bids',
    message: {
      type: 'bid.placed',
      v: 1,
      bidId: uuid(n),
      auctionId: 'recording-on-postgres',
      lotId: `lot-${n % 7}`,
      lotTitle: `Lot ${n % 7}`,
      bidder: `P${n % 5}`,
      amount: 1_000 * (n + 1),
      currency: 'EUR',
      placedAt: new Date().toISOString(),
    },
  });
  published.push(String(timetoken));
}

/** Bids one after another for `ms`, about 50 a second, as a sale does. */
async function publishFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await publishBid();
    await sleep(20);
  }
}

/** Waits until the record reaches the last bid published; answers how long it took. */
async function untilRecorded(timeoutMs: number) {
  const last = published.at(-1)!;
  let through: string | null = null;
  const started = Date.now();
  await waitFor(
    `the record to reach ${last}`,
    () => {
      void recordedThrough(handles[0]!.db).then((value) => (through = value));
      return through === last;
    },
    timeoutMs,
  );
  return Date.now() - started;
}

async function recordedTimetokens() {
  const rows = await handles[0]!.db
    .select({ timetoken: saleMessages.timetoken })
    .from(saleMessages)
    .orderBy(asc(saleMessages.timetoken));
  return rows.map((row) => row.timetoken);
}

it('one console records, the other takes over within 10 s when it stops', async () => {
  for (let i = 0; i < 150; i += 1) await publishBid();
  const env = parseEnv(process.env);
  const pair = [startRecording(env, handles[0]!), startRecording(env, handles[1]!)];
  recordings.push(...pair);
  await untilRecorded(15_000);
  const holders = pair.filter((recording) => recording.isRecording());
  expect(holders).toHaveLength(1);

  const standby = pair.find((recording) => recording !== holders[0])!;
  await holders[0]!.stop();
  for (let i = 0; i < 150; i += 1) await publishBid();
  const tookOver = await untilRecorded(10_000 + lockRetryMs);
  expect(standby.isRecording()).toBe(true);
  expect(tookOver).toBeLessThan(10_000);
  expect(await recordedTimetokens()).toEqual(published);
  await standby.stop();
});

/** `npm run record`'s script, on this test's relay and database. */
function startRecorderProcess(): ChildProcess {
  // Node itself with tsx's loader, not the tsx command, which is a parent process of its own:
  // killing it would leave the recorder running.
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/record.ts'],
    {
      cwd: root,
      env: { ...process.env, RELAY_PORT: String(port), NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

it('kill -9 of the recording process mid-sale and a restart leave the record whole', async () => {
  const first = startRecorderProcess();
  const sale = publishFor(8_000);
  let reached: string | null = null;
  await waitFor(
    'the first recorder to record',
    () => {
      void recordedThrough(handles[0]!.db).then((value) => (reached = value));
      return reached !== null;
    },
    30_000,
  );
  // Killed while bids keep coming; the next one starts a moment later.
  first.kill('SIGKILL');
  await sleep(1_000);
  startRecorderProcess();
  await sale;
  await untilRecorded(30_000);
  expect(await recordedTimetokens()).toEqual(published);
});
