import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrandStore } from '@/stores/brand';
import { useBrandTheme } from '../hooks/use-brand-theme';
import { ThemeEditor } from './theme-editor';

/** /settings: the current product's settings; today its tours' theme (docs/theme.md). */
export function ThemeView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="settings-heading">
      <PageHeader
        id="settings-heading"
        title="Tour theme"
        description="Colours, font, corners, backdrop and placement of your product's tours, so they look like your product. Custom styling comes with the paid plans."
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <BrandTheme key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function BrandTheme({ brandId }: { brandId: number }) {
  const theme = useBrandTheme(brandId);
  if (theme.isPending) return <Skeleton className="h-96 w-full" />;
  if (theme.isError)
    return <RetryAlert message={theme.error.message} onRetry={() => void theme.refetch()} />;
  return <ThemeEditor brandId={brandId} saved={theme.data} />;
}
