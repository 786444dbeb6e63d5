import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { THEME_LIMITS, type Theme, type ThemeInput } from '@/lib/contracts/theme';
import { BANNER_OPTIONS, BUBBLE_OPTIONS, fontOptions, SHADOW_OPTIONS } from '../lib/theme-form';

/** Font, shape, backdrop, stacking and placement fields of the theme editor. */
export function ThemeLayoutFields({ form }: { form: UseFormReturn<ThemeInput, unknown, Theme> }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const opacity = Number(useWatch({ control, name: 'backdrop_opacity' }));
  const font = useWatch({ control, name: 'font_family' });
  return (
    <>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Text and shape</legend>
        <SelectField
          label="Font family"
          options={fontOptions(font)}
          error={errors.font_family?.message}
          {...register('font_family')}
        />
        <TextField
          label="Corner radius (px)"
          type="number"
          min={THEME_LIMITS.radius.min}
          max={THEME_LIMITS.radius.max}
          step={1}
          error={errors.corner_radius?.message}
          {...register('corner_radius', { valueAsNumber: true })}
        />
        <SelectField
          label="Shadow"
          options={SHADOW_OPTIONS}
          error={errors.shadow?.message}
          {...register('shadow')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="theme-backdrop" className="text-sm font-medium text-slate-700">
            Backdrop opacity
          </label>
          <div className="flex h-10 items-center gap-3">
            <input
              id="theme-backdrop"
              type="range"
              min={0}
              max={1}
              step={0.05}
              aria-valuetext={`${Math.round(opacity * 100)}%`}
              className="min-w-0 flex-1 accent-brand-600"
              {...register('backdrop_opacity', { valueAsNumber: true })}
            />
            <output htmlFor="theme-backdrop" className="w-10 text-right text-sm text-slate-700">
              {Number.isFinite(opacity) ? `${Math.round(opacity * 100)}%` : ''}
            </output>
          </div>
        </div>
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Placement</legend>
        <SelectField
          label="Banner placement"
          options={BANNER_OPTIONS}
          error={errors.banner_placement?.message}
          {...register('banner_placement')}
        />
        <SelectField
          label="Speech bubble placement"
          options={BUBBLE_OPTIONS}
          error={errors.bubble_placement?.message}
          {...register('bubble_placement')}
        />
        <TextField
          label="Z-index"
          type="number"
          min={THEME_LIMITS.zIndex.min}
          max={THEME_LIMITS.zIndex.max}
          step={1}
          hint="Raise or lower tours against your site's own overlays."
          error={errors.z_index?.message}
          {...register('z_index', { valueAsNumber: true })}
        />
      </fieldset>
    </>
  );
}
