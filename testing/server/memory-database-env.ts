// Imported by the API and database tests before any server module loads: a fresh in-memory
// PGlite per test file, a fixed signing secret, and no platform (Vercel) headers trusted.
// Starting PGlite and migrating it takes seconds on a busy machine: hooks and tests get a minute.
jest.setTimeout(60_000);
process.env.DATA_DIR = 'memory://';
process.env.SESSION_SECRET = 'x'.repeat(48);
delete process.env.DATABASE_URL;
delete process.env.VERCEL;

export {};
