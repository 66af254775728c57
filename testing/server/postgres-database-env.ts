// Imported by the PostgreSQL tests before any server module loads: the database DATABASE_URL names
// (`npm run test:postgres` starts a throwaway server and sets it), a fixed signing secret, and no
// platform (Vercel) headers trusted.
if (!process.env.DATABASE_URL) {
  throw new Error(
    'DATABASE_URL is not set: run the PostgreSQL tests with `npm run test:postgres`, which starts a throwaway server.',
  );
}
process.env.SESSION_SECRET = 'x'.repeat(48);
delete process.env.VERCEL;

export {};
