import { useMutation } from '@tanstack/react-query';
import type { EventDef } from '@/lib/contracts/events';
import type { IngestResult } from '@/lib/contracts/ingest';
import { MESSAGES } from '@/lib/messages';
import { getBrand } from '@/api/brands';
import { sendTrackEvent } from '@/api/events';
import { ApiError } from '@/api/http';
import { buildTestEvent, testMessageId } from '../lib/test-event';

/**
 * Sends one event with sample properties through the public API, authenticated by the product's
 * current write key (read fresh: it may have been rotated). It shows up in the tail by socket.
 */
export function useSendTestEvent(event: EventDef) {
  return useMutation<IngestResult, ApiError>({
    mutationFn: async () => {
      const brand = await getBrand(event.brand_id);
      const result = await sendTrackEvent(
        brand.write_key,
        buildTestEvent(event.code, event.attributes, testMessageId()),
      );
      if (result.accepted < 1)
        throw new ApiError({
          message: result.rejected[0]?.message ?? MESSAGES.ingest.noneAccepted,
          status: 400,
          data: result,
        });
      return result;
    },
  });
}
