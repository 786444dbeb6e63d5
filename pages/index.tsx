import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { paths } from '@/lib/paths';
import { PageSpinner } from '@/components/layout/spinner';

/** "/" only forwards: signed-in users to /brands (the guard sends everyone else to /sign-in). */
export default function IndexPage() {
  const router = useRouter();
  useEffect(() => {
    void router.replace(paths.home());
  }, [router]);
  return <PageSpinner />;
}
