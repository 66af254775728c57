// The production rehearsal's servers and secrets (playwright.production.config.ts, contract §16):
// a console served by `next start` with APP_ENV=production on PostgreSQL, reaching PubNub through
// PUBNUB_ORIGIN at the relay run alone with a secret key (Access Manager on).
export const rehearsalPort = 3300;
export const rehearsalRelayPort = 4300;
export const rehearsalBaseUrl = `http://localhost:${rehearsalPort}`;
export const rehearsalRelayOrigin = `127.0.0.1:${rehearsalRelayPort}`;
export const rehearsalKeys = {
  subscribeKey: 'sub-c-rehearsal',
  publishKey: 'pub-c-rehearsal',
  secretKey: 'sec-c-rehearsal-3d7f1a9b5c',
};
export const rehearsalPlatformToken = 'rehearsal-platform-token-8e2c4a';
export const rehearsalSessionSecret = 'rehearsal-session-secret-7b3e9d1f5a2c8e4b6d0f';
/** The first admin, made with the accounts command as docs/deploy.md says. */
export const rehearsalAdmin = { loginId: 'ops', password: 'rehearsal-ops-password' };
/** Short, so the suite sees a browser's token expire and be replaced (at 80 %, 48 s). */
export const rehearsalTokenTtlMinutes = 1;
