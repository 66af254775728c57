// Deep links through sign-in (docs/product-contract.md §12): `/sign?next=` brings a signed-out
// visitor back where they were going, and only ever to a path of this console.

const probe = 'https://gavel.invalid';

/**
 * The request header in which the middleware hands a page render the path and query it serves
 * (a render cannot read its own URL otherwise). Only ever used as a `next=`, checked like one.
 */
export const pageHeader = 'x-gavel-page';

/**
 * The path `next` names when it is a plain same-origin path (`/agreements?status=approved`);
 * null for anything else: another origin (`//evil.example`, `https://…`, `/\evil.example`),
 * control characters or spaces a URL parser would strip into one of those, `/sign` itself, or
 * an API path.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2_000) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  // Browsers read `\` as `/` and drop tabs and newlines: `/\evil` and `/\t/evil` are `//evil`.
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, probe);
  } catch {
    return null;
  }
  // `/..//evil.example` resolves to the path `//evil.example`, which a browser would leave by.
  if (url.origin !== probe || url.pathname.startsWith('//') || url.pathname === '/sign')
    return null;
  // A page, never an API: sign-in must not land on a GET that acts (or on raw JSON).
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page, told to come back to `path` afterwards; plain `/sign` for plain `/dash`,
 * where signing in goes anyway (as the edge sends it, lib/auth/edge-access.ts).
 */
export const signInHref = (path: string): string =>
  safeNextPath(path) && path !== '/dash' ? `/sign?next=${encodeURIComponent(path)}` : '/sign';

/** Where to go once signed in: the page's own `next=` when it is safe, else the dashboard. */
export function afterSignIn(search: string): string {
  return safeNextPath(new URLSearchParams(search).get('next')) ?? '/dash';
}
