'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { can, type Action } from '@/lib/auth/roles';
import type { StoredUser } from '@/lib/auth/stored-user';
import { useStoredUser } from '@/lib/auth/use-stored-user';
import { LocaleSwitcher } from './locale-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

const areas = ['sign', 'dash', 'agreements', 'activity', 'staff', 'account'] as const;
type Area = (typeof areas)[number];

/** What the stored role must allow for an area's link to show (contract §15). */
const areaPermission: Partial<Record<Area, Action>> = {
  activity: 'see-activity',
  staff: 'manage-staff',
};

/**
 * Whether the header links to an area: "Sign in" for the signed out, Account for the signed in,
 * Staff and Activity for the roles they serve. A role not stored yet (a user stored before roles)
 * shows neither; the pages themselves say who may use them.
 */
function showsArea(area: Area, signedIn: boolean, user: StoredUser | null): boolean {
  if (area === 'sign') return !signedIn;
  if (area === 'account') return signedIn;
  const permission = areaPermission[area];
  if (!permission) return true;
  return user?.role !== undefined && can(user.role, permission);
}

/**
 * The header: one row. At 700px and below (CSS media queries, so the server's HTML is already
 * right on a phone) the navigation and the settings fold behind a Menu button.
 * `sessionHint`: the request carried a session cookie, so the server leaves out "Sign in" too.
 */
export function AppHeader({ sessionHint = false }: { sessionHint?: boolean }) {
  const t = useTranslations('AppHeader');
  const pathname = usePathname();
  const user = useStoredUser();
  // The path the menu was opened on: following one of its links (another path) folds it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (shown: boolean) => setOpenOn(shown ? pathname : null);
  const panelId = useId();
  const signedIn = sessionHint || user !== null;

  return (
    <header className="app-header">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <span className="app-header__brand">{t('brand')}</span>
      <button
        type="button"
        className="app-header__toggle button-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {t('menu')}
      </button>
      <div id={panelId} className="app-header__panel" data-open={open}>
        <nav aria-label={t('navLabel')} className="app-header__nav">
          <ul>
            {areas
              .filter((area) => showsArea(area, signedIn, user))
              .map((area) => {
                const href = `/${area}`;
                const current = pathname === href;
                return (
                  <li key={area}>
                    {/* No prefetch: a prefetched guarded area would be cached with the access
                        answer of that moment (signed out), and replayed after signing in. */}
                    <Link href={href} prefetch={false} aria-current={current ? 'page' : undefined}>
                      {t(area)}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </nav>
        <UserMenu />
        <LocaleSwitcher />
        <ThemeSwitcher />
      </div>
    </header>
  );
}
