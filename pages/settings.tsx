import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: the form, its validation and the tour renderer stay out of the route's first
// load (docs/performance.md, "Route weight").
const ThemeView = dynamic(
  () => import('@/features/theme/components/theme-view').then((m) => m.ThemeView),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /settings: the current product's tour theme (docs/theme.md). */
export default function SettingsPage() {
  return <ThemeView />;
}
