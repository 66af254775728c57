/** @jest-environment node */
// GET /api/activity on a real in-memory PGlite; activity-api.postgres.test.ts runs the same suite
// on PostgreSQL.
import '@/testing/server/memory-database-env';
import { describeActivityApi } from './activity-api-suite';

describeActivityApi();
