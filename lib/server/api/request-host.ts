import 'server-only';

/**
 * The host the browser used. The Host header by default (Next's URL object turns 127.0.0.1 into
 * localhost); X-Forwarded-Host only when a proxy in front is trusted to set it, since any caller
 * can send that header on a direct request.
 */
export function requestHost(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-host') : null;
  const host = (forwarded ?? request.headers.get('host'))?.split(',')[0]?.trim();
  return host || new URL(request.url).host;
}

/** The protocol the browser used: X-Forwarded-Proto only behind a trusted proxy. */
export function requestProtocol(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-proto') : null;
  const protocol = forwarded?.split(',')[0]?.trim().toLowerCase();
  return protocol === 'http' || protocol === 'https'
    ? protocol
    : new URL(request.url).protocol.replace(':', '');
}

/** The host name alone (no port), to send the browser to the relay on that same host. */
export function requestHostname(request: Request, trustProxy: boolean): string {
  try {
    return new URL(`http://${requestHost(request, trustProxy)}`).hostname;
  } catch {
    return new URL(request.url).hostname;
  }
}
