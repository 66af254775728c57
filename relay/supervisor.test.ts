/** @jest-environment node */
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { superviseRelay } from './supervisor.ts';

/** A stand-in relay process that exits after `ms`, or when killed. */
function relayLasting(ms: number): ChildProcess {
  const relay = new EventEmitter();
  const exit = setTimeout(() => relay.emit('exit', 1, null), ms);
  return Object.assign(relay, {
    kill: (signal: NodeJS.Signals) => {
      clearTimeout(exit);
      relay.emit('exit', null, signal);
      return true;
    },
  }) as unknown as ChildProcess;
}

const policy = { restartDelayMs: 10, quickExitMs: 100, quickExitLimit: 3 };

describe('superviseRelay', () => {
  it('gives up on a relay that keeps stopping right after its start', async () => {
    let starts = 0;
    const reason = await new Promise<string>((resolve) => {
      superviseRelay(
        () => {
          starts += 1;
          return relayLasting(0);
        },
        resolve,
        policy,
      );
    });
    expect(reason).toBe('the embedded relay stopped 3 times in a row within 0.1 s of its start');
    expect(starts).toBe(3);
  });

  it('starts again, every time, a relay that ran a while before it stopped', async () => {
    const giveUp = jest.fn();
    let starts = 0;
    await new Promise<void>((resolve) => {
      const supervisor = superviseRelay(
        () => {
          starts += 1;
          if (starts < 5) return relayLasting(policy.quickExitMs + 50);
          supervisor.stop('SIGTERM');
          resolve();
          return null;
        },
        giveUp,
        policy,
      );
    });
    expect(starts).toBe(5);
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('counts only quick stops in a row', async () => {
    const lifetimes = [0, 0, 150, 0, 0, 150, 0, 0, 0];
    let starts = 0;
    const reason = await new Promise<string>((resolve) => {
      superviseRelay(() => relayLasting(lifetimes[starts++] ?? 0), resolve, policy);
    });
    expect(reason).toMatch(/stopped 3 times in a row/);
    expect(starts).toBe(9);
  });

  it('starts nothing again once stopped', async () => {
    let starts = 0;
    const supervisor = superviseRelay(
      () => {
        starts += 1;
        return relayLasting(60_000);
      },
      () => undefined,
      policy,
    );
    supervisor.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(starts).toBe(1);
  });
});
