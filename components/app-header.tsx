'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LocaleSwitcher } from './locale-switcher';
import { UserMenu } from './user-menu';

const areas = ['sign', 'dash', 'agreements'] as const;

export function AppHeader() {
  const t = useTranslations('AppHeader');
  const pathname = usePathname();

  return (
    <header className="app-header">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <span className="app-header__brand">{t('brand')}</span>
      <nav aria-label={t('navLabel')} className="app-header__nav">
        <ul>
          {areas.map((area) => {
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
    </header>
  );
}
