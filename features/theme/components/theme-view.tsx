import { NoBrandState } from '@/components/no-brand-state';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrandStore } from '@/stores/brand';
import { useBrandTheme } from '../hooks/use-brand-theme';
import { ThemeEditor } from './theme-editor';

/**
 * The current product's tour theme (docs/theme.md): the Theme section of /settings, which gives
 * it its heading (docs/settings.md).
 */
export function ThemeView() {
  const brandId = useBrandStore((s) => s.brandId);
  return brandId === null ? (
    <NoBrandState title="No tracked product" />
  ) : (
    <BrandTheme key={brandId} brandId={brandId} />
  );
}

function BrandTheme({ brandId }: { brandId: number }) {
  const theme = useBrandTheme(brandId);
  if (theme.isPending) return <Skeleton className="h-96 w-full" />;
  if (theme.isError)
    return <RetryAlert message={theme.error.message} onRetry={() => void theme.refetch()} />;
  return <ThemeEditor brandId={brandId} saved={theme.data} />;
}
