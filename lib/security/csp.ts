export interface CspOptions {
  nonce: string;
  /** Next's dev server evaluates code (React refresh): allowed in development only. */
  development: boolean;
  /** Origins the browser may call besides its own: the Sentry ingest, PubNub or the relay. */
  connectSources: string[];
}

/** A strict CSP: scripts only with this response's nonce (and what they load), no plugins, no framing. */
export function contentSecurityPolicy({ nonce, development, connectSources }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // React and Next set style attributes at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectSources],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The origin of a URL-like setting, or null when it has none (unset or malformed). */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export const baselineSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

export const hstsHeader = 'max-age=63072000; includeSubDomains; preload';
