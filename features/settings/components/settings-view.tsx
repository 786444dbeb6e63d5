import { useEffect, type ReactNode } from 'react';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useBrandStore } from '@/stores/brand';
import { DangerZone } from './danger-zone';
import { DataSection } from './data-section';
import { FiltersForm } from './filters-form';
import { IpCaptureForm } from './ip-capture-form';
import { WebhooksSection } from './webhooks-section';

/** What other features put on the page (pages/settings.tsx composes them). */
export interface SettingsSlots {
  /** Name, website domain and report time zone. */
  general: (brandId: number) => ReactNode;
  /** The write key and the trusted sources. */
  sources: (brandId: number) => ReactNode;
  /** The tours' theme editor. */
  theme: (brandId: number) => ReactNode;
}

interface Section {
  id: string;
  title: string;
  description: string;
  render: (brandId: number) => ReactNode;
}

function sectionsOf(slots: SettingsSlots): Section[] {
  return [
    {
      id: 'general',
      title: 'General',
      description: 'The product’s name, website and the time zone its reports count days in.',
      render: slots.general,
    },
    {
      id: 'tracking',
      title: 'Tracking',
      description:
        'Where events may come from, how identities are trusted, and what is kept of the sender’s IP address.',
      render: (brandId) => (
        <div className="flex flex-col gap-8">
          {slots.sources(brandId)}
          <div className="border-t border-slate-200 pt-6">
            <IpCaptureForm brandId={brandId} />
          </div>
        </div>
      ),
    },
    {
      id: 'filters',
      title: 'Filters',
      description:
        'Events from these IP addresses, of these customers or with these codes are dropped when they arrive: never stored, counted as filtered.',
      render: (brandId) => <FiltersForm brandId={brandId} />,
    },
    {
      id: 'data',
      title: 'Data',
      description:
        'How long events are kept, and every event and customer as files that stream to your disk.',
      render: (brandId) => <DataSection brandId={brandId} />,
    },
    {
      id: 'webhooks',
      title: 'Webhooks',
      description:
        'Endpoints that receive signed JSON when a tour, a customer or a segment changes, with the log of each delivery.',
      render: (brandId) => <WebhooksSection brandId={brandId} />,
    },
    {
      id: 'theme',
      title: 'Theme',
      description:
        'Colours, font, corners, backdrop and placement of your product’s tours. Custom styling comes with the paid plans.',
      render: slots.theme,
    },
    {
      id: 'danger',
      title: 'Danger zone',
      description: 'Delete this product and everything in it, after a day to change your mind.',
      render: (brandId) => <DangerZone brandId={brandId} />,
    },
  ];
}

/** /settings (docs/settings.md): the current product's settings, one section per subject. */
export function SettingsView(slots: SettingsSlots) {
  const brandId = useBrandStore((s) => s.brandId);
  const sections = sectionsOf(slots);
  // The page renders in the browser only, after its first paint: a link to a section
  // (/settings#filters) is followed once the sections exist.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (brandId !== null && id) document.getElementById(id)?.scrollIntoView?.();
  }, [brandId]);
  return (
    <section aria-labelledby="settings-heading">
      <PageHeader
        id="settings-heading"
        title="Settings"
        description="Settings of the current product. Each section saves on its own."
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <>
          <nav aria-label="Settings sections" className="mb-6">
            <ul className="flex flex-wrap gap-2">
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className={cn(
                      'inline-flex rounded-full border border-slate-200 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50',
                      focusRing,
                    )}
                  >
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div key={brandId} className="flex flex-col gap-6">
            {sections.map((s) => (
              <section
                key={s.id}
                id={s.id}
                aria-labelledby={`${s.id}-heading`}
                className="scroll-mt-20 rounded-lg border border-slate-200 p-5"
              >
                <h3 id={`${s.id}-heading`} className="text-base font-semibold text-slate-900">
                  {s.title}
                </h3>
                <p className="mb-5 mt-1 max-w-2xl text-sm text-slate-600">{s.description}</p>
                {s.render(brandId)}
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
