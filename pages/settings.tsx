import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';
import { Skeleton } from '@/components/ui/skeleton';

// Loaded on demand: the forms, their validation and the tour renderer stay out of the route's
// first load (docs/performance.md, "Route weight").
const SettingsView = dynamic(
  () => import('@/features/settings/components/settings-view').then((m) => m.SettingsView),
  { ssr: false, loading: () => <ViewLoading /> },
);
const sectionLoading = () => <Skeleton className="h-24 w-full" />;
const BrandGeneralSettings = dynamic(
  () => import('@/features/brands/components/brand-settings').then((m) => m.BrandGeneralSettings),
  { ssr: false, loading: sectionLoading },
);
const BrandTrackingSettings = dynamic(
  () => import('@/features/brands/components/brand-settings').then((m) => m.BrandTrackingSettings),
  { ssr: false, loading: sectionLoading },
);
const ThemeView = dynamic(
  () => import('@/features/theme/components/theme-view').then((m) => m.ThemeView),
  { ssr: false, loading: sectionLoading },
);

/** /settings: the current product's settings (docs/settings.md); other features fill sections. */
export default function SettingsPage() {
  return (
    <SettingsView
      general={(brandId) => <BrandGeneralSettings brandId={brandId} />}
      sources={(brandId) => <BrandTrackingSettings brandId={brandId} />}
      theme={() => <ThemeView />}
    />
  );
}
