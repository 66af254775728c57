import type { OwnSession } from './account-api';

/** This browser's session first, then the others, the last active first. */
export function orderOwnSessions(sessions: readonly OwnSession[]): OwnSession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt) ||
      a.id.localeCompare(b.id),
  );
}

/** The session whose End button takes the focus once `ended` is gone: the next, else the one before. */
export function sessionAfter(sessions: readonly OwnSession[], ended: string): OwnSession | null {
  const index = sessions.findIndex((session) => session.id === ended);
  if (index === -1) return null;
  return sessions[index + 1] ?? sessions[index - 1] ?? null;
}
