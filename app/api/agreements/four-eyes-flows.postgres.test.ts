/** @jest-environment node */
// Roles and four-eyes approval (contract §12) on a real PostgreSQL server: the suite
// four-eyes.test.ts runs on PGlite. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { describeFourEyes } from '@/testing/server/four-eyes-suite';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;
// The contract's default: 100,000 in major units, in every currency.
delete process.env.APPROVAL_THRESHOLDS;

jest.setTimeout(120_000);

describeFourEyes();
