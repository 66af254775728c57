export const appEnvs = ['local', 'preview', 'production'] as const;
export type AppEnv = (typeof appEnvs)[number];

const fromVercel: Record<string, AppEnv> = {
  production: 'production',
  preview: 'preview',
  development: 'local',
};

/** APP_ENV when set; on Vercel derived from VERCEL_ENV; otherwise local. Null when invalid. */
export function resolveAppEnv(
  appEnv: string | undefined,
  vercelEnv: string | undefined,
): AppEnv | null {
  if (appEnv !== undefined) {
    return (appEnvs as readonly string[]).includes(appEnv) ? (appEnv as AppEnv) : null;
  }
  return (vercelEnv && fromVercel[vercelEnv]) || 'local';
}
