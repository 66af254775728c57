import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { RoleNotice, SignInPrompt } from '@/components/access-notices';
import { PageHeading } from '@/components/page-heading';
import { can, type Action } from '@/lib/auth/roles';
import { currentPageSession, requirePasswordChanged } from '@/lib/server/auth/page-session';
import type { ActiveSession } from '@/lib/server/auth/sessions';

/**
 * A screen for the roles that may do `action` (/staff, /activity; contract §15): no page guard, as
 * /agreements. The page answers for anyone and says what they may do here (the way to sign in,
 * or why their role sees nothing); a temporary password goes to /account first. The screen's own
 * calls check the session and the role themselves.
 */
export async function RolePage({
  namespace,
  action,
  children,
}: {
  /** Its messages: `title`, `lead`, `signedOutTitle`, `signedOutBody`, `refusedTitle`, `refusedBody`. */
  namespace: 'StaffAdmin' | 'Activity';
  action: Action;
  children: (session: ActiveSession) => ReactNode;
}) {
  const t = await getTranslations(namespace);
  const session = await currentPageSession();
  requirePasswordChanged(session);
  const allowed = session !== null && can(session.account.role, action);
  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      {!session ? (
        <SignInPrompt title={t('signedOutTitle')} body={t('signedOutBody')} />
      ) : allowed ? (
        children(session)
      ) : (
        <RoleNotice title={t('refusedTitle')} body={t('refusedBody')} />
      )}
    </>
  );
}
