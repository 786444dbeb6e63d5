import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { THEME_LIMITS, type Theme, type ThemeInput } from '@/lib/contracts/theme';
import { BANNER_OPTIONS, BUBBLE_OPTIONS, fontOptions, SHADOW_OPTIONS } from '../lib/theme-form';

type Form = UseFormReturn<ThemeInput, unknown, Theme>;
type ChoiceName = 'font_family' | 'shadow' | 'banner_placement' | 'bubble_placement';
type NumberName = 'corner_radius' | 'z_index';

/** Font, shape, backdrop, stacking and placement fields of the theme editor. */
export function ThemeLayoutFields({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const opacity = Number(useWatch({ control, name: 'backdrop_opacity' }));
  const font = useWatch({ control, name: 'font_family' });

  const choice = (name: ChoiceName, label: string, options: readonly SelectOption[]) => (
    <SelectField
      label={label}
      options={options}
      error={errors[name]?.message}
      {...register(name)}
    />
  );
  const whole = (
    name: NumberName,
    label: string,
    limits: { min: number; max: number },
    hint?: string,
  ) => (
    <TextField
      label={label}
      type="number"
      min={limits.min}
      max={limits.max}
      step={1}
      hint={hint}
      error={errors[name]?.message}
      {...register(name, { valueAsNumber: true })}
    />
  );

  return (
    <>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Text and shape</legend>
        {choice('font_family', 'Font family', fontOptions(font))}
        {whole('corner_radius', 'Corner radius (px)', THEME_LIMITS.radius)}
        {choice('shadow', 'Shadow', SHADOW_OPTIONS)}
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
        {choice('banner_placement', 'Banner placement', BANNER_OPTIONS)}
        {choice('bubble_placement', 'Speech bubble placement', BUBBLE_OPTIONS)}
        {whole(
          'z_index',
          'Z-index',
          THEME_LIMITS.zIndex,
          "Raise or lower tours against your site's own overlays.",
        )}
      </fieldset>
    </>
  );
}
