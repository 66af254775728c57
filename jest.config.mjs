import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: import.meta.dirname });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['<rootDir>/{app,components,lib,relay,scripts}/**/*.test.{ts,tsx}'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // `server-only` throws outside React's server condition; tests run server modules directly.
    '^server-only$': '<rootDir>/jest.server-only.js',
  },
  modulePathIgnorePatterns: ['<rootDir>/.tools/', '<rootDir>/.next/'],
};

// next-intl, its formatting dependencies and jose ship ES modules to Jest: let SWC transform them.
// next/jest puts its own ignore patterns first, so the node_modules one is replaced here.
const esmPackages = ['next-intl', 'use-intl', 'intl-messageformat', '@formatjs', 'jose'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${esmPackages.join('|')})/)`,
    ...resolved.transformIgnorePatterns.filter((pattern) => !pattern.includes('node_modules')),
  ];
  return resolved;
}
