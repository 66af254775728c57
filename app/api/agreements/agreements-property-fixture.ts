import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { IdPlan } from '@/testing/server/api-arbitraries';
import { propertyHarness } from '@/testing/server/property-harness';

// What the agreements API's property tests (agreements-read.property.test.ts,
// agreements-decision.property.test.ts) share: the harness, with a staff account `fuzz-staff`,
// pages of agreements of every status, and the agreements an id plan names.

type Ingest = typeof import('@/lib/server/agreements/ingest');

export function agreementsPropertyFixture(file: string) {
  const harness = propertyHarness(file, {
    enabled: { loginId: 'fuzz-staff', displayName: 'Fuzz Staff' },
    disabled: { loginId: 'fuzz-off', displayName: 'Fuzz Off' },
  });
  let ingest: Ingest['ingestAgreements'];
  /** Agreements approved or rejected before the properties run. */
  const decided: Agreement[] = [];
  let serial = 0;

  /** A new pending agreement, straight through the domain code (no request). */
  async function freshAgreement(): Promise<Agreement> {
    serial += 1;
    const { items } = await ingest(harness.db(), [
      {
        platformId: `fuzz-${randomUUID()}`,
        auctionId: 'fuzz-sale',
        lotId: `lot-${serial}`,
        lotTitle: `${['Omega Speedmaster', 'Cartier Tank', 'Rolex Daytona'][serial % 3]} ${serial}`,
        buyer: `Paddle ${serial}`,
        amount: 1_000 * serial,
        currency: 'EUR',
        closedAt: '2026-03-01T10:00:00Z',
      },
    ]);
    return items[0]!;
  }

  beforeAll(async () => {
    ({ ingestAgreements: ingest } = await import('@/lib/server/agreements/ingest'));
    const { decideAgreement } = await import('@/lib/server/agreements/decide');
    // Pages of every status to list.
    const pending = [];
    for (let i = 0; i < 60; i++) pending.push(await freshAgreement());
    for (const [index, agreement] of pending.slice(0, 20).entries()) {
      const body =
        index % 2 === 0
          ? { decision: 'approve' as const, version: 1, reason: null }
          : { decision: 'reject' as const, version: 1, reason: 'Reserve not met' };
      const result = await decideAgreement(harness.db(), agreement.id, body, harness.staff());
      if (result.outcome !== 'decided') throw new Error('could not decide an agreement');
      decided.push(result.agreement);
    }
  });

  /** One of the agreements decided before the properties ran. */
  const someDecided = () => decided[serial % decided.length]!;

  /** The id a plan names, making the agreement it needs. */
  async function resolveId(plan: IdPlan): Promise<{ id: string; agreement: Agreement | null }> {
    switch (plan.kind) {
      case 'pending': {
        const agreement = await freshAgreement();
        return { id: agreement.id, agreement };
      }
      case 'pending-upper-case': {
        const agreement = await freshAgreement();
        return { id: agreement.id.toUpperCase(), agreement };
      }
      case 'decided':
        return { id: someDecided().id, agreement: someDecided() };
      case 'given':
        return { id: plan.value, agreement: null };
    }
  }

  /** The status and version stored for an agreement, or null. */
  async function storedAgreement(id: string): Promise<{ status: string; version: number } | null> {
    const result = (await harness
      .db()
      .execute(sql`select status, version from agreements where id = ${id}`)) as unknown as {
      rows: { status: string; version: number }[];
    };
    return result.rows[0] ?? null;
  }

  return { harness, freshAgreement, someDecided, resolveId, storedAgreement };
}
