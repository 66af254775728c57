import type { IncomingMessage } from 'node:http';
import type { ChannelLog, LoggedMessage } from './channel-log.ts';

interface Waiter {
  channels: Set<string>;
  flush: () => boolean;
}

/**
 * Subscribe long-polls waiting for messages: answered as soon as a message newer than their
 * cursor is on one of their channels, with the same cursor and nothing after `timeoutMs`, and
 * forgotten when the client goes away.
 */
export function createLongPolls(log: ChannelLog, maxPerPoll: number) {
  const waiters = new Set<Waiter>();

  return {
    wait(options: {
      request: IncomingMessage;
      channels: string[];
      after: string;
      timeoutMs: number;
      answer: (cursor: string, messages: LoggedMessage[]) => void;
    }) {
      let done = false;
      const settle = () => {
        done = true;
        waiters.delete(waiter);
        clearTimeout(timer);
      };
      const waiter: Waiter = {
        channels: new Set(options.channels),
        flush: () => {
          if (done) return true;
          const messages = log.since(waiter.channels, options.after, maxPerPoll);
          if (messages.length === 0) return false;
          settle();
          options.answer(messages.at(-1)!.timetoken, messages);
          return true;
        },
      };
      const timer = setTimeout(() => {
        if (done) return;
        settle();
        options.answer(options.after, []);
      }, options.timeoutMs);
      options.request.on('close', settle);
      if (!waiter.flush()) waiters.add(waiter);
    },
    /** A message was appended on `channel`: answer whoever waits on it. */
    notify(channel: string) {
      for (const waiter of waiters) if (waiter.channels.has(channel)) waiter.flush();
    },
    clear() {
      waiters.clear();
    },
  };
}

export type LongPolls = ReturnType<typeof createLongPolls>;
