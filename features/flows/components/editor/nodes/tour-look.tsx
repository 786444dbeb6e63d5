import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getBrandTheme } from '@/api/themes';
import { ColorField } from '@/components/ui/color-field';
import { FieldError } from '@/components/ui/field-error';
import {
  DEFAULT_THEME,
  THEME_LIMITS,
  themeOverrideSchema,
  type ThemeOverride,
} from '@/lib/contracts/theme';
import { MESSAGES } from '@/lib/messages';

const COLORS = [
  ['card_background', 'Card colour'],
  ['primary_button_background', 'Primary button colour'],
] as const;

/**
 * "Tour look" (docs/theme.md, "Per-tour override"): the tour plays in the product's theme, or sets
 * its card colour, primary button colour and corner radius over it. The override is saved with the
 * tour and merged over the product theme by the server; paid plans only, as the theme itself.
 */
export function TourLook({
  brandId,
  value,
  onChange,
  readOnly = false,
}: {
  brandId: number;
  value: ThemeOverride | null | undefined;
  onChange: (next: ThemeOverride | null) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  // The product's theme, under the theme settings' query key (features/theme/lib/query-keys.ts).
  const product = useQuery({
    queryKey: ['themes', brandId] as const,
    queryFn: ({ signal }) => getBrandTheme(brandId, signal),
  }).data;
  const base = { ...DEFAULT_THEME, ...product?.theme };
  const paid = product?.custom_styling ?? true;
  const own = !!value && Object.keys(value).length > 0;
  const shown = { ...base, ...value };
  const radius = themeOverrideSchema.shape.corner_radius.safeParse(shown.corner_radius);

  return (
    <fieldset disabled={readOnly} className="mt-4 border-t border-slate-200 pt-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Tour look</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={!own}
          disabled={!paid && !own}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? null
                : {
                    card_background: base.card_background,
                    primary_button_background: base.primary_button_background,
                    corner_radius: base.corner_radius,
                  },
            )
          }
        />
        Use the product&apos;s theme
      </label>
      {paid ? null : <p className="mt-1 text-xs text-slate-500">{MESSAGES.theme.upgradePrompt}</p>}
      {own ? (
        <div className="mt-3 flex flex-col gap-3">
          {COLORS.map(([field, label]) => (
            <ColorField
              key={field}
              label={label}
              value={shown[field]}
              disabled={readOnly}
              onChange={(hex) => onChange({ ...value, [field]: hex })}
            />
          ))}
          <div>
            <label htmlFor={`${id}-radius`} className="mb-1 block text-sm text-slate-700">
              Corner radius (px)
            </label>
            <input
              id={`${id}-radius`}
              type="number"
              min={THEME_LIMITS.radius.min}
              max={THEME_LIMITS.radius.max}
              value={Number.isNaN(shown.corner_radius) ? '' : shown.corner_radius}
              aria-invalid={radius.success ? undefined : true}
              className="h-9 w-full rounded-md border border-slate-300 px-3 text-sm disabled:bg-slate-50"
              onChange={(e) => onChange({ ...value, corner_radius: e.target.valueAsNumber })}
            />
            <FieldError message={radius.success ? undefined : radius.error.issues[0]?.message} />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
