import { installGlobalHandlers, recordNavigation } from '@/lib/errors/client-reporter';

// Runs before the app hydrates: unhandled errors from here on reach the reporter.
installGlobalHandlers();

export function onRouterTransitionStart(
  url: string,
  navigationType: 'push' | 'replace' | 'traverse',
) {
  recordNavigation(url, navigationType);
}
