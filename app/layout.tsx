import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/app-shell';
import { reportingMetaName } from '@/lib/errors/reporting-config';
import { clientReportingConfig } from '@/lib/errors/server-reporting';
import { sessionCookieName } from '@/lib/server/auth/session-cookie';
import { themeScript } from '@/lib/theme/theme';
import { isMobileHint, layoutCookieName } from '@/lib/viewport/layout-hint';
import { MobileHintProvider } from '@/lib/viewport/layout-hint-context';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    title: { default: t('title'), template: `%s · ${t('title')}` },
    description: t('description'),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  // The middleware's CSP allows scripts with this request's nonce only.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // Only whether a session cookie came (no database here): enough to leave "Sign in" out of the
  // header's first HTML; the browser's stored user decides after that.
  const cookieStore = await cookies();
  const sessionHint = cookieStore.has(sessionCookieName);
  // The layout this browser last used, so a phone's first HTML already has its cards.
  const mobileHint = isMobileHint(cookieStore.get(layoutCookieName)?.value);

  return (
    // The theme script sets data-theme before React hydrates: not a mismatch to report.
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <meta name={reportingMetaName} content={JSON.stringify(clientReportingConfig())} />
      </head>
      <body>
        <NextIntlClientProvider>
          <MobileHintProvider mobile={mobileHint}>
            <AppShell sessionHint={sessionHint}>{children}</AppShell>
          </MobileHintProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
