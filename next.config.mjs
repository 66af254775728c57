import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native and WebAssembly packages load from node_modules at run time, not through the bundler.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pubnub'],
  // The migrations are read from disk at start: ship them with every server function.
  outputFileTracingIncludes: { '/**': ['./lib/server/db/migrations/**'] },
  reactStrictMode: true,
  // A lockfile in a parent folder would otherwise make Next guess the wrong workspace root.
  turbopack: { root: import.meta.dirname },
  compiler: {
    // Sentry's debug logging and tracing code is dead weight here (no tracing): drop it from the
    // lazily loaded reporter chunk. Turbopack ignores Sentry's own bundleSizeOptimizations.
    define: { __SENTRY_DEBUG__: false, __SENTRY_TRACING__: false },
  },
};

export default withNextIntl(nextConfig);
