import type { Breadcrumb } from '@sentry/nextjs';
import { shouldReport } from './error-filter';
import {
  reportingConfigSchema,
  reportingMetaName,
  sendsToSentry,
  type ReportingConfig,
} from './reporting-config';

type SentryClient = ReturnType<typeof import('./sentry-browser').startSentry>;

const maxBreadcrumbs = 20;
let config: ReportingConfig | null = null;
let sentry: Promise<SentryClient> | null = null;
const pendingBreadcrumbs: Breadcrumb[] = [];

function readConfigFromPage(): ReportingConfig | null {
  const content = document
    .querySelector(`meta[name="${reportingMetaName}"]`)
    ?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = reportingConfigSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function currentConfig(): ReportingConfig {
  config ??= readConfigFromPage();
  // Until the page says otherwise, behave as local mode: log, never send.
  return config ?? { appEnv: 'local', dsn: null };
}

function loadSentry(dsn: string, environment: string): Promise<SentryClient> {
  sentry ??= import('./sentry-browser').then(({ startSentry }) =>
    startSentry(dsn, environment, pendingBreadcrumbs.splice(0)),
  );
  return sentry;
}

/** Sends an error to Sentry, or only logs it in local mode; ignored errors are dropped. */
export function reportError(error: unknown): void {
  const active = currentConfig();
  if (!sendsToSentry(active)) {
    console.error(error);
    return;
  }
  if (!shouldReport(error)) return;
  loadSentry(active.dsn, active.appEnv)
    .then((client) => client.captureException(error))
    .catch((loadError: unknown) =>
      console.error('Error reporting is unavailable', loadError, error),
    );
}

/** Records a navigation so a later report shows where the user came from. */
export function recordNavigation(url: string, navigationType: string): void {
  const crumb: Breadcrumb = { category: 'navigation', message: url, data: { navigationType } };
  if (sentry) {
    sentry.then((client) => client.addBreadcrumb(crumb)).catch(() => undefined);
    return;
  }
  pendingBreadcrumbs.push(crumb);
  if (pendingBreadcrumbs.length > maxBreadcrumbs) pendingBreadcrumbs.shift();
}

/** Unhandled errors and rejections anywhere in the page go to the reporter. */
export function installGlobalHandlers(target: Window = window): void {
  target.addEventListener('error', (event) => reportError(event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
