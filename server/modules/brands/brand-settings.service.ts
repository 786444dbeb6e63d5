import type {
  EventFilters,
  EventFiltersRules,
  IpCapture,
} from '../../../lib/contracts/brand-settings';
import { MESSAGES } from '../../../lib/messages';
import { notFound } from '../../errors';
import type { BrandRow, BrandsRepository } from './brands.repository';

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
    /** Replaces the rules (the contract spells ip rules one way and refuses the same rule twice). */
    async updateFilters(ownerId: string, id: number, body: EventFiltersRules) {
      const row = await brands.update(ownerId, id, { eventFilters: body.rules });
      if (!row) throw notFound(MESSAGES.brands.notFound);
      deps.onChanged?.();
      return filtersDto(row);
    },
  };
}
export type BrandSettingsService = ReturnType<typeof createBrandSettingsService>;
