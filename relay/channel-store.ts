// The channel log on disk, so a restarted relay still answers history and catch-up: one
// append-only JSON-lines file per channel, written in batches off the request path, compacted
// to the log's capacity, read back at start.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoggedMessage } from './channel-log.ts';
import { isPresenceChannel } from './protocol.ts';
import { compareTimetokens, isTimetoken } from './timetokens.ts';

export interface ChannelStoreOptions {
  dir: string;
  capacityPerChannel: number;
  /** The channel's stored messages as they are now, oldest first: what a compaction writes. */
  snapshot: (channel: string) => LoggedMessage[];
  /** How long appends gather before one write (default 100 ms). */
  flushMs?: number;
}

/** A file name for any channel name: readable when short, hashed when it would be too long. */
export function channelFileName(channel: string): string {
  const readable = encodeURIComponent(channel).replace(
    /[.*!'()~]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return readable.length <= 200
    ? `${readable}.jsonl`
    : `${createHash('sha256').update(channel).digest('hex')}.jsonl`;
}

const toLine = ({ channel, timetoken, publisher, payload, meta, customType }: LoggedMessage) =>
  `${JSON.stringify({ channel, timetoken, publisher, payload, meta, customType })}\n`;

function fromLine(line: string): LoggedMessage | null {
  try {
    const record = JSON.parse(line) as Partial<LoggedMessage> | null;
    if (
      typeof record?.channel !== 'string' ||
      !isTimetoken(record.timetoken) ||
      typeof record.publisher !== 'string' ||
      !('payload' in record)
    )
      return null;
    return record as LoggedMessage;
  } catch {
    return null;
  }
}

/** Presence events and `store=0` messages stay in memory: neither belongs in history. */
const isPersisted = (message: LoggedMessage) =>
  message.stored !== false && !isPresenceChannel(message.channel);

export function openChannelStore(options: ChannelStoreOptions) {
  const { dir, capacityPerChannel, snapshot } = options;
  mkdirSync(dir, { recursive: true });

  const lineCounts = new Map<string, number>();
  const pending = new Map<string, string[]>();
  /** Channels whose file is rewritten whole at the next flush (compaction, deletion, repair). */
  const rewrites = new Set<string>();
  const loaded: LoggedMessage[] = [];

  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.jsonl')) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const lines = text.split('\n').filter((line) => line !== '');
    // A crash mid-write leaves a torn last line: skipped here, and the file rewritten before
    // anything is appended after it.
    const messages = lines
      .map(fromLine)
      .filter((message): message is LoggedMessage => message !== null)
      .sort((a, b) => compareTimetokens(a.timetoken, b.timetoken))
      .slice(-capacityPerChannel);
    const channel = messages[0]?.channel;
    if (channel === undefined) {
      unlinkSync(join(dir, file));
      continue;
    }
    loaded.push(...messages);
    lineCounts.set(channel, lines.length);
    const intact = text.endsWith('\n') && messages.length === lines.length;
    if (!intact || file !== channelFileName(channel)) rewrites.add(channel);
  }
  const newest = loaded.reduce<string | undefined>(
    (latest, message) =>
      latest === undefined || compareTimetokens(message.timetoken, latest) > 0
        ? message.timetoken
        : latest,
    undefined,
  );

  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  let reportedFailure = false;

  async function writeChannel(channel: string) {
    const file = join(dir, channelFileName(channel));
    if (rewrites.delete(channel)) {
      pending.delete(channel);
      const messages = snapshot(channel);
      // Written aside, then renamed over: a crash leaves either the old file or the new one.
      await writeFile(`${file}.tmp`, messages.map(toLine).join(''));
      await rename(`${file}.tmp`, file);
      lineCounts.set(channel, messages.length);
      return;
    }
    const lines = pending.get(channel);
    pending.delete(channel);
    if (!lines?.length) return;
    await appendFile(file, lines.join(''));
    const count = (lineCounts.get(channel) ?? 0) + lines.length;
    lineCounts.set(channel, count);
    // Compacted at twice the capacity: one rewrite per `capacity` appends, not one per append.
    if (count > 2 * capacityPerChannel) rewrites.add(channel);
  }

  async function flush() {
    const channels = new Set([...pending.keys(), ...rewrites]);
    for (const channel of channels) {
      try {
        await writeChannel(channel);
      } catch (error) {
        // Rewritten whole next time, so the file cannot miss what this write lost.
        rewrites.add(channel);
        if (!reportedFailure) console.error('relay: could not write the channel log', error);
        reportedFailure = true;
      }
    }
  }

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      writing = writing.then(flush);
    }, options.flushMs ?? 100);
    timer.unref();
  }
  if (rewrites.size > 0) schedule();

  return {
    /** Every stored message read back at start, oldest first within each channel. */
    loaded,
    /** The newest timetoken on disk: the clock must not hand out one below it. */
    newest,
    append(message: LoggedMessage): void {
      if (closed || !isPersisted(message)) return;
      let lines = pending.get(message.channel);
      if (!lines) pending.set(message.channel, (lines = []));
      lines.push(toLine(message));
      schedule();
    },
    /** The channel changed other than by appending (deletion): write it whole. */
    rewrite(channel: string): void {
      if (closed || isPresenceChannel(channel)) return;
      rewrites.add(channel);
      schedule();
    },
    /** Writes what is pending; nothing is accepted after. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      writing = writing.then(flush);
      await writing;
    },
  };
}

export type ChannelStore = ReturnType<typeof openChannelStore>;
