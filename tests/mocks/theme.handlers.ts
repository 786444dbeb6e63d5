import { http } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  DEFAULT_THEME,
  hasCustomStyling,
  themeSchema,
  type BrandTheme,
  type Theme,
} from '@/lib/contracts/theme';
import { MESSAGES } from '@/lib/messages';
import { db, planOf, type MockBrand, type MockUser } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** The product theme (docs/theme.md), as the API answers it; kept on the mock product. */

type ThemedBrand = MockBrand & { theme?: Theme };

const answer = (user: MockUser, brand: ThemedBrand): BrandTheme => ({
  brand_id: brand.id,
  theme: brand.theme ?? { ...DEFAULT_THEME },
  custom_styling: hasCustomStyling(user.plan),
});

function ownBrand(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const brand = db.brands.find((b) => b.id === id.data.id && b.owner_id === user.id);
  if (!brand) return { response: apiError(404, 'not_found', MESSAGES.brands.notFound) } as const;
  return { user, brand: brand as ThemedBrand } as const;
}

export const themeHandlers = [
  http.get('*/v1/brands/:id/theme', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(answer(found.user, found.brand));
  }),

  // As the API: the body is checked first, then the plan.
  http.put('*/v1/brands/:id/theme', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, themeSchema);
    if (!parsed.ok) return parsed.response;
    const { user, brand } = found;
    if (!hasCustomStyling(user.plan))
      return apiError(403, 'plan_feature_unavailable', MESSAGES.theme.paidOnly(planOf(user).name), [
        { path: 'plan', message: user.plan },
      ]);
    brand.theme = parsed.data;
    return ok(answer(user, brand));
  }),
];
