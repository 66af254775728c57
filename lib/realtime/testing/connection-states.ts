// The connection machine's tests' states and effects (lib/realtime/connection-state.*.test.ts):
// the states the SDK's events lead to, named, and the rows of the transition table.
import {
  initialConnection,
  reconnectAttempts,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionMachine,
} from '../connection-state';

/** 17-digit timetokens: a subscription cursor, then messages seen before and after it. */
export const cursor = '17952888000000000';
export const older = '17952887000000000';
export const seen = '17952888500000000';
export const later = '17952889000000000';

/** A state after the first connect (the earlier messages asked for). */
export const at = (state: Partial<ConnectionMachine>): ConnectionMachine => ({
  ...initialConnection,
  earlierLoaded: true,
  ...state,
});
/** A state before any connect succeeded. */
export const beforeFirst = (state: Partial<ConnectionMachine>): ConnectionMachine => ({
  ...initialConnection,
  ...state,
});

export const live = at({ connection: 'live', cursor });
/** Three automatic retries in, the fourth timer running, the outage's baseline known. */
export const retrying = at({
  connection: 'reconnecting',
  cursor,
  attempts: 3,
  retryPending: true,
  catchUpFrom: seen,
});
/** Between two retries: the timer fired, its reconnect failed, the failure not yet reported. */
export const betweenRetries = { ...retrying, retryPending: false };
/** The automatic retries gave up. */
export const exhausted = at({
  connection: 'offline',
  cursor,
  attempts: reconnectAttempts,
  catchUpFrom: seen,
});
/** The browser went offline while a retry timer ran. */
export const browserOffline = at({
  connection: 'offline',
  cursor,
  attempts: 2,
  retryPending: true,
  catchUpFrom: seen,
  networkDown: true,
});
export const denied = at({ connection: 'denied', cursor, attempts: 2, catchUpFrom: seen });

export const schedule: ConnectionEffect = { type: 'schedule-retry', inMs: 3000 };
export const cancel: ConnectionEffect = { type: 'cancel-retry' };
export const reconnect: ConnectionEffect = { type: 'reconnect' };
export const watching: ConnectionEffect = { type: 'refresh-watching' };
export const leave: ConnectionEffect = { type: 'leave' };
export const catchUp = (from: string): ConnectionEffect => ({ type: 'catch-up', from });
export const loadEarlier: ConnectionEffect = { type: 'load-earlier' };
export const resumePresence: ConnectionEffect = { type: 'resume-presence' };

export type Row = [
  name: string,
  state: ConnectionMachine,
  event: ConnectionEvent,
  next: ConnectionMachine,
  effects: ConnectionEffect[],
];
