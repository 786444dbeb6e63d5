import { http } from 'msw';
import { idParam } from '@/lib/contracts/common';
import { overPlanMessage, retentionAnswer, retentionBodySchema } from '@/lib/contracts/retention';
import { MESSAGES } from '@/lib/messages';
import { db, type MockBrand } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/**
 * A product's data retention (docs/retention.md), kept on the mock product and bounded by its
 * owner's plan as the server bounds it. The mock stores no events, so nothing is hidden or purged.
 */

type RetentionBrand = MockBrand & { retention_months?: number | null };

function ownBrand(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const brand = db.brands.find((b) => b.id === id.data.id && b.owner_id === user.id);
  if (!brand) return { response: apiError(404, 'not_found', MESSAGES.brands.notFound) } as const;
  return { brand: brand as RetentionBrand, plan: user.plan } as const;
}

const answer = (found: { brand: RetentionBrand; plan: Parameters<typeof retentionAnswer>[1] }) =>
  retentionAnswer(found.brand.retention_months ?? null, found.plan, new Date());

export const retentionHandlers = [
  http.get('*/v1/brands/:id/retention', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(answer(found));
  }),
  http.put('*/v1/brands/:id/retention', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, retentionBodySchema);
    if (!parsed.ok) return parsed.response;
    const months = parsed.data.retention_months;
    const refused = overPlanMessage(months, found.plan);
    if (refused)
      return apiError(400, 'validation_error', refused, [
        { path: 'retention_months', message: refused },
      ]);
    found.brand.retention_months = months;
    return ok(answer(found));
  }),
];
