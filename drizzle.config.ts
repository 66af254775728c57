import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from lib/server/db/schema.ts; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema.ts',
  out: './lib/server/db/migrations',
});
