import 'server-only';

/**
 * The host name the browser used (from the Host header; Next's URL object turns 127.0.0.1
 * into localhost), so the browser is sent to the relay on that same host.
 */
export function requestHostname(request: Request): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (host) {
    try {
      return new URL(`http://${host.split(',')[0]!.trim()}`).hostname;
    } catch {
      // Fall through to the URL's host.
    }
  }
  return new URL(request.url).hostname;
}
