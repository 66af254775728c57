import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A lockfile in a parent folder would otherwise make Next guess the wrong workspace root.
  turbopack: { root: import.meta.dirname },
};

export default withNextIntl(nextConfig);
