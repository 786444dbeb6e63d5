import type { SegmentsService } from '../../segments/segments.service';

/**
 * The segments service, telling the runtime when a product's segments change: a saved, moved or
 * deleted segment forgets the product's published tours and the segments kept beside them
 * (published-flows.ts `changed`, every node through Redis), so the next decision reads the new
 * definition (docs/flows.md, "Segment trigger").
 */
export function refreshingRuntime(
  service: SegmentsService,
  changed: (brandId: number) => Promise<void>,
): SegmentsService {
  return {
    ...service,
    async create(ownerId, body) {
      const saved = await service.create(ownerId, body);
      await changed(saved.brand_id);
      return saved;
    },
    async update(ownerId, id, body) {
      const before = await service.get(ownerId, id);
      const saved = await service.update(ownerId, id, body);
      await changed(saved.brand_id);
      if (before.brand_id !== saved.brand_id) await changed(before.brand_id);
      return saved;
    },
    async remove(ownerId, id) {
      const before = await service.get(ownerId, id);
      const answer = await service.remove(ownerId, id);
      await changed(before.brand_id);
      return answer;
    },
  };
}
