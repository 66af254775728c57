// Where PubNub is reached (PUBNUB_ORIGIN, docs/product-contract.md §9): PubNub's own origin by
// default, or another speaking its protocol (a dedicated origin PubNub gives a customer, or the
// embedded relay run with a secret key for a production rehearsal). Pure: lib/env.ts parses it
// once for the browser's settings, the server's client, the recorder and the CSP.

export interface PubnubOrigin {
  /** What the SDK's `origin` option takes: a host, with its port when not the scheme's. */
  host: string;
  ssl: boolean;
  /** The origin as a URL, for the CSP's connect-src. */
  url: string;
}

export const defaultPubnubOrigin: PubnubOrigin = {
  host: 'ps.pndsn.com',
  ssl: true,
  url: 'https://ps.pndsn.com',
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin PUBNUB_ORIGIN names, or why it cannot be used (a sentence's end). */
export function parsePubnubOrigin(
  text: string,
  production: boolean,
): { ok: true; origin: PubnubOrigin } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'must be an origin such as https://ps.pndsn.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'must start with https:// (or http:// for a local relay)' };
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  )
    return { ok: false, problem: 'must be an origin only: no path, query or credentials' };
  const ssl = url.protocol === 'https:';
  if (!ssl && production && !loopbackHosts.has(url.hostname))
    return { ok: false, problem: 'must use https:// in production (http:// only on this machine)' };
  return { ok: true, origin: { host: url.host, ssl, url: url.origin } };
}
