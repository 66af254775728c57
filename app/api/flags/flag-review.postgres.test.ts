/** @jest-environment node */
// Flags reviewed together and the gate (contract §14) on a real PostgreSQL server; the
// same suite runs on PGlite in flag-review.test.ts. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { describeFlagReview } from '@/testing/server/flag-review-suite';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;
delete process.env.APPROVAL_THRESHOLDS;
delete process.env.FLAG_GATE;

jest.setTimeout(120_000);

describeFlagReview();
