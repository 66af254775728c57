'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Unknown addresses lead nowhere: replace the location with the root (which leads to /sign). */
export function NotFoundGuard() {
  const router = useRouter();
  useEffect(() => {
    router.replace('/');
  }, [router]);
  return null;
}
