import { http } from 'msw';
import {
  eventFiltersBody,
  ipCaptureSchema,
  type EventFilterRule,
  type IpCaptureMode,
} from '@/lib/contracts/brand-settings';
import { idParam } from '@/lib/contracts/common';
import {
  PRODUCT_DELETION_GRACE_MS,
  productDeletionBodySchema,
  type ProductDeletion,
} from '@/lib/contracts/product-deletion';
import { MESSAGES } from '@/lib/messages';
import { db, type MockBrand } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/**
 * A product's ingestion settings (docs/settings.md): IP capture and event filters, kept on the
 * mock product. The mock has no ingestion, so nothing is ever filtered here.
 */

type SettingsBrand = MockBrand & {
  ip_capture?: IpCaptureMode;
  event_filters?: EventFilterRule[];
  /** A pending deletion (docs/data-rights.md); the mock never runs it. */
  deletion?: ProductDeletion;
};

function ownBrand(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const brand = db.brands.find((b) => b.id === id.data.id && b.owner_id === user.id);
  if (!brand) return { response: apiError(404, 'not_found', MESSAGES.brands.notFound) } as const;
  return { brand: brand as SettingsBrand } as const;
}

const ipAnswer = (brand: SettingsBrand) => ({ ip_capture: brand.ip_capture ?? 'off' });
const filtersAnswer = (brand: SettingsBrand) => ({
  rules: brand.event_filters ?? [],
  filtered_this_month: 0,
});

export const settingsHandlers = [
  http.get('*/v1/brands/:id/ip-capture', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(ipAnswer(found.brand));
  }),
  http.put('*/v1/brands/:id/ip-capture', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, ipCaptureSchema);
    if (!parsed.ok) return parsed.response;
    found.brand.ip_capture = parsed.data.ip_capture;
    return ok(ipAnswer(found.brand));
  }),
  http.get('*/v1/brands/:id/filters', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(filtersAnswer(found.brand));
  }),
  http.put('*/v1/brands/:id/filters', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, eventFiltersBody);
    if (!parsed.ok) return parsed.response;
    found.brand.event_filters = parsed.data.rules;
    return ok(filtersAnswer(found.brand));
  }),
  // Deleting a product after 24 hours (docs/data-rights.md, "Deleting a product").
  http.get('*/v1/brands/:id/deletion', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(found.brand.deletion ?? null);
  }),
  http.post('*/v1/brands/:id/deletion', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, productDeletionBodySchema);
    if (!parsed.ok) return parsed.response;
    if (parsed.data.name.trim() !== found.brand.name) {
      const message = MESSAGES.productDeletion.nameMismatch(found.brand.name);
      return apiError(400, 'validation_error', message, [{ path: 'name', message }]);
    }
    const now = Date.now();
    found.brand.deletion ??= {
      brand_id: found.brand.id,
      requested_by: currentUser(request)!.id,
      requested_at: new Date(now).toISOString(),
      due_at: new Date(now + PRODUCT_DELETION_GRACE_MS).toISOString(),
    };
    return ok(found.brand.deletion, 202);
  }),
  http.delete('*/v1/brands/:id/deletion', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const cancelled = found.brand.deletion !== undefined;
    delete found.brand.deletion;
    return ok({ cancelled });
  }),
];
