import 'server-only';
import { serverEnv } from '@/lib/env';
import { isPlatformToken } from '@/lib/server/http/platform-token';
import { ApiProblem } from '@/lib/server/http/api-problem';

/** The `authorize` check of the platform's server-to-server calls: 401 before the body is read. */
export function requirePlatformToken(request: Request): void {
  if (!isPlatformToken(request.headers.get('authorization'), serverEnv().platformToken)) {
    throw new ApiProblem('unauthorized', 'A valid platform token is required.', {
      'www-authenticate': 'Bearer realm="gavel-platform"',
    });
  }
}
