import dynamic from 'next/dynamic';
import { createContext, useContext } from 'react';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { canDraw, loadChartLibrary } from './load-chart-library';
import type { TrendChartProps } from './trend-chart';

const DEFAULT_HEIGHT = 280;

/** The placeholder's size, from the props of the chart it stands for. */
const PlaceholderContext = createContext<{ title: string; height: number; className?: string }>({
  title: 'Chart',
  height: DEFAULT_HEIGHT,
});

/** Caption, legend, drawing and "Show the numbers" lines, the size of the chart to come. */
function TrendChartSkeleton() {
  const { title, height, className } = useContext(PlaceholderContext);
  return (
    <div
      role="status"
      aria-label={`Loading ${title}`}
      className={cn('flex flex-col gap-2', className)}
    >
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-5 w-64" />
      <div style={{ height }}>
        <Skeleton className="h-full w-full" />
      </div>
      <Skeleton className="h-4 w-28" />
    </div>
  );
}

const TrendChart = dynamic(
  () => {
    // uPlot's chunk is fetched alongside the component's, not after it (a failure is the
    // component's to handle: it then shows the legend and the table). No canvas, no uPlot.
    if (canDraw()) loadChartLibrary().catch(() => undefined);
    return import('./trend-chart').then((m) => m.TrendChart);
  },
  { ssr: false, loading: TrendChartSkeleton },
);

/**
 * `TrendChart` loaded on demand: the chart library stays out of every route's first load
 * (docs/adr/0014-report-charts.md). A skeleton of the chart's height holds its place meanwhile.
 */
export function LazyTrendChart(props: TrendChartProps) {
  return (
    <PlaceholderContext.Provider
      value={{
        title: props.title,
        height: props.height ?? DEFAULT_HEIGHT,
        className: props.className,
      }}
    >
      <TrendChart {...props} />
    </PlaceholderContext.Provider>
  );
}
