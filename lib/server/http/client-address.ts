import 'server-only';

/** Which proxy, if any, the deployment says sets the forwarded headers. */
export interface ProxyTrust {
  onVercel: boolean;
  trustProxy: boolean;
}

const firstOf = (list: string | null | undefined) => list?.split(',')[0]?.trim();
const lastOf = (list: string | null | undefined) => list?.split(',').at(-1)?.trim();

/**
 * The caller's address, from a header only a trusted proxy can set. On Vercel the edge overwrites
 * `x-vercel-forwarded-for`. Behind another proxy (TRUST_PROXY=1) the last `x-forwarded-for`
 * entry is the one that proxy appended: earlier entries come from the caller and may be forged.
 * Anywhere else no header is trusted (any caller could send one on a direct request), so sign-in
 * limits fall back to the per-login-id bucket.
 */
export function trustedClientAddress(headers: Headers, proxy: ProxyTrust): string | null {
  let address: string | undefined;
  if (proxy.onVercel) {
    address = firstOf(headers.get('x-vercel-forwarded-for') ?? headers.get('x-real-ip'));
  } else if (proxy.trustProxy) {
    address = lastOf(headers.get('x-forwarded-for')) || firstOf(headers.get('x-real-ip'));
  }
  return address ? address.slice(0, 64) : null;
}
