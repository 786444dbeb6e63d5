import type {
  EventFilterRule,
  EventFilters,
  EventFiltersBody,
  IpCapture,
} from '../../../lib/contracts/brand-settings';
import { MESSAGES } from '../../../lib/messages';
import { canonicalIp, parseIpRange } from '../../../lib/ip-match';
import { notFound } from '../../errors';
import type { BrandRow, BrandsRepository } from './brands.repository';

/** An ip rule in one spelling (`::ffff:10.0.0.1` → `10.0.0.1`), so duplicates are found. */
function canonicalRule(rule: EventFilterRule): EventFilterRule {
  if (rule.kind !== 'ip') return rule;
  const [addr = '', prefix] = rule.value.split('/');
  const range = parseIpRange(rule.value);
  const ip = canonicalIp(addr);
  if (!range || !ip) return rule;
  const full = range.bytes.length * 8;
  return {
    kind: 'ip',
    value: prefix === undefined || range.prefix === full ? ip : `${ip}/${range.prefix}`,
  };
}

/**
 * A product's ingestion settings (docs/settings.md): IP capture and event filters. Every save
 * tells ingestion's caches, which compile the filters again once.
 */
export function createBrandSettingsService(deps: {
  brands: BrandsRepository;
  /** Key and filter caches forget the product's old settings at once. */
  onChanged?: () => void;
  /** The product's filtered events this UTC month. */
  filteredOf?: (brandId: number) => Promise<number>;
}) {
  const { brands } = deps;
  const owned = async (ownerId: string, id: number) => {
    const row = await brands.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.brands.notFound);
    return row;
  };
  const filtersDto = async (row: BrandRow): Promise<EventFilters> => ({
    rules: row.eventFilters,
    filtered_this_month: (await deps.filteredOf?.(row.id)) ?? 0,
  });

  return {
    async ipCapture(ownerId: string, id: number): Promise<IpCapture> {
      return { ip_capture: (await owned(ownerId, id)).ipCapture };
    },
    async updateIpCapture(ownerId: string, id: number, body: IpCapture): Promise<IpCapture> {
      const row = await brands.update(ownerId, id, { ipCapture: body.ip_capture });
      if (!row) throw notFound(MESSAGES.brands.notFound);
      deps.onChanged?.();
      return { ip_capture: row.ipCapture };
    },
    async filters(ownerId: string, id: number) {
      return filtersDto(await owned(ownerId, id));
    },
    /** Replaces the rules (the contract refuses the same rule twice). */
    async updateFilters(ownerId: string, id: number, body: EventFiltersBody) {
      const rules = body.rules.map(canonicalRule);
      const row = await brands.update(ownerId, id, { eventFilters: rules });
      if (!row) throw notFound(MESSAGES.brands.notFound);
      deps.onChanged?.();
      return filtersDto(row);
    },
  };
}
export type BrandSettingsService = ReturnType<typeof createBrandSettingsService>;
