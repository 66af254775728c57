import 'server-only';
import { ConfigurationError, serverEnv } from '@/lib/env';

/** The key session cookies are signed with; the edge middleware reads the same variable. */
export function signingSecret(): string {
  const secret = serverEnv().sessionSecret;
  if (!secret) {
    throw new ConfigurationError(
      'Gavel cannot start: SESSION_SECRET is not set. `npm start` and `npm run dev` generate one ' +
        'in DATA_DIR; set it yourself when starting Next.js another way.',
    );
  }
  return secret;
}
