/** @jest-environment node */
// GET /api/realtime/earlier once the console holds a record (contract §13), on a real in-memory
// PGlite: the dashboard's first load comes from the record (the newest 500 messages, the bids
// before them counted per second and sale, `recordedThrough`), and history is not read at all:
// the relay it would read is not even there.
import { NextRequest } from 'next/server';
import '@/testing/server/memory-database-env';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { earlierAnswerSchema } from '@/lib/realtime/earlier-answer';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import { staffSession } from '@/testing/server/staff-fixture';
import { recordMessages } from '@/testing/server/record-messages';

// A port nothing listens on: a read of history would fail (503), not answer.
process.env.RELAY_PORT = '9';
delete process.env.PUBNUB_SUBSCRIBE_KEY;
delete process.env.RECORDER;

type EarlierRoute = typeof import('@/app/api/realtime/earlier/route');
type Connection = typeof import('@/lib/server/db/connection');
let getEarlier: EarlierRoute['GET'];
let connection: Connection;
let cookie: string;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  ({ GET: getEarlier } = await import('@/app/api/realtime/earlier/route'));
  cookie = await staffSession(await connection.database(), { loginId: 'record-reader' });
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function earlier() {
  const response = await getEarlier(
    new NextRequest('http://localhost:3000/api/realtime/earlier', {
      headers: { host: 'localhost:3000', cookie: `__Host-gavel_session=${cookie}` },
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  const answer = earlierAnswerSchema.safeParse(await response.json());
  expect(answer.success).toBe(true);
  return answer.data!;
}

describe('the first load from the record', () => {
  it('answers the newest 500 messages, the bids before them of the last five minutes per second and sale, and how far the record reaches', async () => {
    // 700 bids, 10 a second, over the last 70 s: two sales taking turns; and one bid from an
    // hour ago, before the rates' five minutes.
    const start = Date.now() - 75_000;
    const bid = (n: number, at: number): IncomingMessage => ({
      timetoken: timetokenFromMs(at),
      payload: {
        type: 'bid.placed',
        v: 1,
        bidId: uuid(n),
        auctionId: n % 2 === 0 ? 'sale-even' : 'sale-odd',
        lotId: 'lot-0001',
        lotTitle: 'A lot',
        bidder: `P-${n}`,
        amount: 1000 + n,
        currency: 'EUR',
        placedAt: new Date(at).toISOString(),
      },
    });
    const messages = [
      bid(10_000, start - 3_600_000),
      ...Array.from({ length: 700 }, (_, n) => bid(n, start + n * 100)),
    ];
    await recordMessages(await connection.database(), messages);

    const answer = await earlier();
    expect(answer.messages.map((message) => message.timetoken)).toEqual(
      messages.slice(-500).map((message) => message.timetoken),
    );
    expect(answer.messages.at(-1)?.payload).toEqual(messages.at(-1)?.payload);
    expect(answer.recordedThrough).toBe(messages.at(-1)?.timetoken);

    // The 200 bids before the 500, each counted once, in its second and sale; the hour-old one
    // is outside the rates' window.
    const expected = new Map<string, number>();
    for (const message of messages.slice(1, 201)) {
      const { auctionId } = message.payload as { auctionId: string };
      const key = `${message.timetoken.slice(0, 10)} ${auctionId}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const counted = new Map(
      answer.earlierCounts!.map(({ second, auctionId, bids }) => [`${second} ${auctionId}`, bids]),
    );
    expect(counted).toEqual(expected);
  });
});
