import { paths } from './paths';

/** How the shell treats a route. */
export type ShellKind =
  /** sidebar + header + white content card */
  | 'app'
  /** sidebar + header, content sits on the grey page background */
  | 'app-plain'
  /** header and content, no sidebar (report editor) */
  | 'header'
  /** header-less, sidebar-less page (auth, terms, not-found, catch-all) */
  | 'bare'
  /** full screen: no sidebar or header (checkout) */
  | 'fullscreen';

/** One row of the route table (docs/product/screens.md#21-routes). */
export interface RouteDef {
  /** Next.js pathname pattern, e.g. `/reports/[id]`. */
  pattern: string;
  /** Page title: shown as "Signpost - {title}". Missing means Home. */
  title?: string;
  /** Breadcrumb labels, last one emphasised. */
  breadcrumb: string[];
  /** Back-arrow target, when the route has one. */
  back?: string;
  public: boolean;
  shell: ShellKind;
  /** Area of the sidebar this route belongs to (highlighting). */
  area?: SidebarAreaKey;
}

export type SidebarAreaKey =
  | 'home'
  | 'brands'
  | 'reports'
  | 'events'
  | 'customer-profiles'
  | 'segments'
  | 'flows'
  | 'shorten-urls'
  | 'integrations'
  | 'settings';

const pub = (pattern: string, title: string): RouteDef => ({
  pattern,
  title,
  breadcrumb: [title],
  public: true,
  shell: 'bare',
});

export const ROUTES: readonly RouteDef[] = [
  pub('/sign-in', 'Sign in'),
  pub('/sign-up', 'Sign up'),
  pub('/reset-password', 'Reset password'),
  pub('/verify-email', 'Verify e-mail'),
  pub('/terms-of-use-and-privacy-policy', 'Terms of Use and Privacy Policy'),
  pub('/not-found', 'Page not found'),
  pub('/404', 'Page not found'),
  {
    pattern: '/',
    title: 'Home',
    breadcrumb: ['Home'],
    public: false,
    shell: 'app',
    area: 'home',
  },
  {
    pattern: '/brands',
    title: 'Product Tracking',
    breadcrumb: ['Product Tracking'],
    public: false,
    shell: 'app',
    area: 'brands',
  },
  {
    pattern: '/reports',
    title: 'Reports',
    breadcrumb: ['Reports'],
    public: false,
    shell: 'app',
    area: 'reports',
  },
  {
    pattern: '/reports/list',
    title: 'Reports List',
    breadcrumb: ['Reports List'],
    public: false,
    shell: 'app',
    area: 'reports',
  },
  {
    pattern: '/reports/dashboard',
    title: 'Reports Dashboard',
    breadcrumb: ['Reports Dashboard'],
    public: false,
    shell: 'app',
    area: 'reports',
  },
  {
    pattern: '/reports/create',
    title: 'Create Report',
    breadcrumb: ['Create Report'],
    public: false,
    shell: 'header',
    area: 'reports',
  },
  {
    pattern: '/reports/[id]/edit',
    title: 'Edit Report',
    breadcrumb: ['Edit Report'],
    public: false,
    shell: 'header',
    area: 'reports',
  },
  {
    pattern: '/reports/[id]',
    title: 'Report Details',
    breadcrumb: ['Report', 'Report Details'],
    back: paths.reportsList(),
    public: false,
    shell: 'app',
    area: 'reports',
  },
  {
    pattern: '/events',
    title: 'Events Management',
    breadcrumb: ['Events Management'],
    public: false,
    shell: 'app',
    area: 'events',
  },
  {
    pattern: '/events/create',
    title: 'Create Event',
    breadcrumb: ['Create Event'],
    back: paths.events(),
    public: false,
    shell: 'app',
    area: 'events',
  },
  {
    pattern: '/events/live',
    title: 'Live events',
    breadcrumb: ['Live events'],
    back: paths.events(),
    public: false,
    shell: 'app',
    area: 'events',
  },
  {
    pattern: '/events/[id]',
    title: 'Event Details',
    breadcrumb: ['Event Details'],
    back: paths.events(),
    public: false,
    shell: 'app',
    area: 'events',
  },
  {
    pattern: '/customer-profiles',
    title: 'Customer Profiles',
    breadcrumb: ['Customer Profiles'],
    public: false,
    shell: 'app',
    area: 'customer-profiles',
  },
  {
    pattern: '/customer-profiles/metadata',
    title: 'Metadata Attributes',
    breadcrumb: ['Metadata Attributes'],
    public: false,
    shell: 'app',
    area: 'customer-profiles',
  },
  {
    pattern: '/customer-profiles/data-attributes',
    title: 'Data Attributes',
    breadcrumb: ['Data Attributes'],
    public: false,
    shell: 'app',
    area: 'customer-profiles',
  },
  {
    pattern: '/customer-profiles/[id]',
    title: 'Profile Details',
    breadcrumb: ['Customer Profiles', 'Profile Details'],
    back: paths.customerProfiles(),
    public: false,
    shell: 'app',
    area: 'customer-profiles',
  },
  {
    pattern: '/segments',
    title: 'Segments Management',
    breadcrumb: ['Segments Management'],
    public: false,
    shell: 'app',
    area: 'segments',
  },
  {
    pattern: '/segments/add',
    title: 'New Segment',
    breadcrumb: ['Segments Management', 'New Segment'],
    public: false,
    shell: 'app-plain',
    area: 'segments',
  },
  {
    pattern: '/segments/[id]',
    title: 'Segment Details',
    breadcrumb: ['Segments Management', 'Segment Details'],
    back: paths.segments(),
    public: false,
    shell: 'app',
    area: 'segments',
  },
  {
    pattern: '/segments/edit/[id]',
    title: 'Edit Segment',
    breadcrumb: ['Segments Management', 'Edit Segment'],
    back: paths.segments(),
    public: false,
    shell: 'app',
    area: 'segments',
  },
  {
    pattern: '/flows',
    title: 'Product Tour',
    breadcrumb: ['Product Tour'],
    public: false,
    shell: 'app',
    area: 'flows',
  },
  {
    pattern: '/flows/create',
    title: 'Flow Editor',
    breadcrumb: ['Flow Editor'],
    back: paths.flows(),
    public: false,
    shell: 'app-plain',
    area: 'flows',
  },
  {
    pattern: '/flows/[id]',
    title: 'Flow Editor',
    breadcrumb: ['Flow Editor'],
    back: paths.flows(),
    public: false,
    shell: 'app-plain',
    area: 'flows',
  },
  {
    pattern: '/flows/[id]/report',
    title: 'Report',
    breadcrumb: ['Product Tour', 'Report'],
    back: paths.flows(),
    public: false,
    shell: 'app',
    area: 'flows',
  },
  {
    pattern: '/shorten-urls',
    title: 'Shorten URLs',
    breadcrumb: ['Shorten URLs'],
    public: false,
    shell: 'app',
    area: 'shorten-urls',
  },
  {
    pattern: '/shorten-urls/[id]',
    title: 'Link',
    breadcrumb: ['Shorten URLs', 'Link'],
    back: paths.shortenUrls(),
    public: false,
    shell: 'app',
    area: 'shorten-urls',
  },
  {
    pattern: '/integrations',
    title: 'Integration',
    breadcrumb: ['Integration'],
    public: false,
    shell: 'app',
    area: 'integrations',
  },
  {
    pattern: '/settings',
    title: 'Settings',
    breadcrumb: ['Settings'],
    public: false,
    shell: 'app',
    area: 'settings',
  },
  { pattern: '/profile', title: 'Profile', breadcrumb: ['Profile'], public: false, shell: 'app' },
  {
    pattern: '/profile/plans',
    title: 'Plans',
    breadcrumb: ['Profile', 'Plans'],
    public: false,
    shell: 'app-plain',
  },
  {
    pattern: '/checkout',
    title: 'Checkout',
    breadcrumb: ['Checkout'],
    public: false,
    shell: 'fullscreen',
  },
  {
    pattern: '/[...slug]',
    title: 'Page not found',
    breadcrumb: ['Page not found'],
    public: true,
    shell: 'bare',
  },
];

const BY_PATTERN = new Map(ROUTES.map((r) => [r.pattern, r]));
const CATCH_ALL = BY_PATTERN.get('/[...slug]') as RouteDef;

/** The route row for a Next.js pathname pattern (router.pathname); unknown → catch-all. */
export function routeFor(pattern: string): RouteDef {
  return BY_PATTERN.get(pattern) ?? CATCH_ALL;
}

/** "Signpost - {title}", or "Signpost - Home" where the route has none. */
export function documentTitle(appName: string, route: RouteDef): string {
  return `${appName} - ${route.title ?? 'Home'}`;
}

/** Sidebar entries; later issues add their areas as their pages land. */
export interface SidebarItem {
  key: SidebarAreaKey;
  label: string;
  href: string;
}

export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { key: 'home', label: 'Home', href: paths.home() },
  { key: 'brands', label: 'Product Tracking', href: paths.brands() },
  { key: 'reports', label: 'Reports', href: paths.reports() },
  { key: 'events', label: 'Events', href: paths.events() },
  { key: 'customer-profiles', label: 'Customer Profiles', href: paths.customerProfiles() },
  { key: 'segments', label: 'Segments', href: paths.segments() },
  { key: 'flows', label: 'Product Tour', href: paths.flows() },
  { key: 'shorten-urls', label: 'Shorten URLs', href: paths.shortenUrls() },
  { key: 'integrations', label: 'Integration', href: paths.integrations() },
  { key: 'settings', label: 'Settings', href: paths.settings() },
];
