// What the recorder makes of a batch of messages of `bids` (docs/product-contract.md §13): pure,
// so the ordering, the refusals and the cursor are table-tested apart from the database.
import {
  bidPlacedSchema,
  classifyMessage,
  lotClosedSchema,
  lotOpenedSchema,
} from '@/lib/sale-desk/bid-messages';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { byTimetoken } from '@/lib/realtime/history-pages';
import { isNewer, timetokenToMs } from '@/lib/sale-desk/timetoken';
import type { SaleMessage } from '@/lib/sale-desk/lot-record';

/** A valid message, recorded as a bid, an opening or a close. */
export type RecordedMessage = SaleMessage;

export interface RejectedMessage {
  timetoken: string;
  reason: 'invalid' | 'unknown-type' | 'undecryptable';
  detail: string;
  payload: string;
}

export interface PlannedBatch {
  /** Valid messages newer than the cursor, in publish order, each timetoken once. */
  recorded: RecordedMessage[];
  rejected: RejectedMessage[];
  /** The newest timetoken of the batch when newer than the cursor: the record's new reach. */
  through: string | null;
}

const maxPayloadText = 16 * 1024;
const timetokenPattern = /^[1-9]\d{16}$/;

function payloadText(payload: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(payload) ?? String(payload);
  } catch {
    text = String(payload);
  }
  return text.length > maxPayloadText ? text.slice(0, maxPayloadText) : text;
}

/** Why a payload of a known type failed its schema, in a sentence (the first problems). */
function invalidDetail(payload: unknown): string {
  const type = (payload as { type?: unknown } | null)?.type;
  const schema =
    type === 'bid.placed'
      ? bidPlacedSchema
      : type === 'lot.closed'
        ? lotClosedSchema
        : type === 'lot.opened'
          ? lotOpenedSchema
          : null;
  if (!schema) return 'not a message object with a known type';
  const parsed = schema.safeParse(payload);
  if (parsed.success) return 'invalid';
  return parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || type}: ${issue.message}`)
    .join('; ');
}

/**
 * Sorts a batch into what is recorded and what is kept aside, in publish order. Messages at or
 * before `cursor` were recorded (or refused) already and are dropped, as are repeats within the
 * batch; a timetoken that is not PubNub's 17 digits cannot be placed in the order and is dropped.
 */
export function planBatch(
  messages: readonly IncomingMessage[],
  cursor: string | null,
): PlannedBatch {
  const fresh = messages
    .filter((message) => timetokenPattern.test(message.timetoken))
    .filter((message) => cursor === null || isNewer(message.timetoken, cursor))
    .sort(byTimetoken);
  const recorded: RecordedMessage[] = [];
  const rejected: RejectedMessage[] = [];
  let last: string | null = null;
  for (const message of fresh) {
    if (message.timetoken === last) continue;
    last = message.timetoken;
    const { timetoken } = message;
    if (message.error) {
      rejected.push({
        timetoken,
        reason: 'undecryptable',
        detail: message.error,
        payload: payloadText(message.payload),
      });
      continue;
    }
    const classified = classifyMessage(message.payload);
    if (classified.kind === 'unknown-type' || classified.kind === 'invalid') {
      rejected.push({
        timetoken,
        reason: classified.kind,
        detail:
          classified.kind === 'unknown-type'
            ? `unknown type ${JSON.stringify((message.payload as { type: string }).type).slice(0, 120)}`
            : invalidDetail(message.payload),
        payload: payloadText(message.payload),
      });
      continue;
    }
    recorded.push({ ...classified, timetoken });
  }
  return { recorded, rejected, through: last };
}

/** The publish time of a timetoken, as a date. */
export const publishedAt = (timetoken: string) => new Date(timetokenToMs(timetoken));
