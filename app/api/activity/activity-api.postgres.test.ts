/** @jest-environment node */
// GET /api/activity on a real PostgreSQL server; the same suite runs on PGlite in
// activity-api.test.ts. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { describeActivityApi } from './activity-api-suite';

jest.setTimeout(120_000);

describeActivityApi();
