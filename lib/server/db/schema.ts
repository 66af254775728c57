// Tables of the console, one file per area under schema/, all re-exported here: drizzle.config.ts
// reads this file to generate migrations and `@/lib/server/db/schema` is what the code imports.
// No `server-only` here: drizzle-kit loads these files outside Next to generate migrations. They
// hold definitions only, no secret, and only server code imports them.
export * from './schema/staff';
export * from './schema/agreements';
export * from './schema/sales';
export * from './schema/activity';
