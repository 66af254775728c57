// The agreement the unit and component tests start from: a pending sale that nobody has decided.
// A test overrides only the fields it talks about. Not named `*.test.ts`, so Jest does not run it.
import type { Agreement } from '@/lib/agreements/agreement';

export function agreementFixture(overrides: Partial<Agreement> = {}): Agreement {
  return {
    id: '0f6e1c1a-4b1e-4a43-9a55-5d3f0f0b0a01',
    platformId: 'platform-1',
    auctionId: 'auction-1',
    lotId: 'lot-7',
    lotTitle: 'Brass lamp',
    buyer: 'Ada Buyer',
    amount: 1234500,
    currency: 'EUR',
    status: 'pending',
    version: 3,
    closedAt: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:05.000Z',
    decidedAt: null,
    decidedBy: null,
    decidedByName: null,
    reason: null,
    requiredApprovals: 1,
    approvals: [],
    ...overrides,
  };
}
