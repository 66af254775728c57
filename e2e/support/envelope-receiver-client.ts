import { expect } from '@playwright/test';

export const receiverUrl = 'http://127.0.0.1:3190';
/** Project ids in the DSNs the e2e servers get (playwright.config.ts). */
export const previewProject = '1';
export const localModeProject = '2';
export { localModeBaseUrl } from './servers';

export interface ReceivedEvent {
  project: string;
  event: {
    exception?: { values?: { type?: string; value?: string }[] };
    request?: Record<string, unknown>;
    user?: unknown;
    environment?: string;
    breadcrumbs?: unknown[];
  };
}

export async function receivedEvents(project: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${receiverUrl}/events?project=${project}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as ReceivedEvent[];
}

/** Events whose exception text contains the marker. */
export async function eventsWith(project: string, marker: string): Promise<ReceivedEvent[]> {
  return (await receivedEvents(project)).filter(({ event }) =>
    (event.exception?.values ?? []).some((value) => value.value?.includes(marker)),
  );
}

export const uniqueMarker = (label: string) => `gavel-e2e-${label}-${crypto.randomUUID()}`;
