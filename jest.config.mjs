import nextJest from 'next/jest.js';

// `npm run test:unit` runs Jest with --experimental-vm-modules: PGlite loads Node built-ins with
// import() and next-intl, use-intl and jose ship ES modules, which Jest then loads as they are.
const createJestConfig = nextJest({ dir: import.meta.dirname });

// `*.postgres.test.ts` need a PostgreSQL server: `npm run test:postgres` starts one and sets
// GAVEL_TEST_SUITE=postgres to run only them; every other run leaves them out.
const postgresSuite = process.env.GAVEL_TEST_SUITE === 'postgres';

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: postgresSuite
    ? ['<rootDir>/{app,lib,testing}/**/*.postgres.test.ts']
    : ['<rootDir>/{app,bench,components,lib,relay,scripts,server,testing}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: postgresSuite ? [] : ['\\.postgres\\.test\\.ts$'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // `server-only` throws outside React's server condition; tests run server modules directly.
    '^server-only$': '<rootDir>/jest.server-only.js',
  },
  modulePathIgnorePatterns: ['<rootDir>/.tools/', '<rootDir>/.next/'],
};

export default createJestConfig(config);
