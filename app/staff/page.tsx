import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RolePage } from '@/components/role-page';
import { StaffAdmin } from './staff-admin';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('StaffAdmin');
  return { title: t('title') };
}

// Admins only (contract §15); everyone else is told why (components/role-page.tsx).
export default function StaffPage() {
  return (
    <RolePage namespace="StaffAdmin" action="manage-staff">
      {(session) => (
        <StaffAdmin
          viewerLoginId={session.account.loginId}
          passwordEnteredAt={session.authenticatedAt.toISOString()}
        />
      )}
    </RolePage>
  );
}
