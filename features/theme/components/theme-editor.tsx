import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm, useWatch } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { FormAlert } from '@/components/ui/form-alert';
import { notify } from '@/components/ui/toast';
import {
  DEFAULT_THEME,
  themeSchema,
  type BrandTheme,
  type Theme,
  type ThemeInput,
} from '@/lib/contracts/theme';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useSaveTheme } from '../hooks/use-save-theme';
import { THEME_COLORS } from '../lib/theme-form';
import { ThemeLayoutFields } from './theme-layout-fields';
import { ThemePreview } from './theme-preview';

/**
 * The product theme editor (docs/theme.md): every field with a live preview. On the free plan
 * the editor and preview work, an upgrade prompt says why, and Save stays disabled.
 */
export function ThemeEditor({ brandId, saved }: { brandId: number; saved: BrandTheme }) {
  const form = useForm<ThemeInput, unknown, Theme>({
    resolver: zodResolver(themeSchema),
    defaultValues: saved.theme,
    mode: 'onChange',
  });
  const { register, handleSubmit, formState, control, setValue, reset } = form;
  const save = useSaveTheme(brandId, {
    onSuccess: (data) => {
      reset(data.theme);
      notify.success(MESSAGES.theme.saved);
    },
    onError: (error) => notify.error(error.message),
  });
  const values = useWatch({ control });
  const allowed = saved.custom_styling;
  const errors = formState.errors;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <form
        aria-label="Theme"
        noValidate
        className="flex min-w-0 flex-col gap-5"
        onSubmit={handleSubmit((theme) => save.mutate(theme))}
      >
        {allowed ? null : (
          <FormAlert tone="info">
            {MESSAGES.theme.upgradePrompt}{' '}
            <Link href={paths.plans()} className="font-semibold underline">
              Upgrade plan
            </Link>
          </FormAlert>
        )}
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Colours</legend>
          {THEME_COLORS.map(({ name, label }) => (
            <ColorField
              key={name}
              label={label}
              value={values[name]}
              error={errors[name]?.message}
              registration={register(name)}
              labels="text"
              onChange={(hex) => setValue(name, hex, { shouldDirty: true, shouldValidate: true })}
            />
          ))}
        </fieldset>
        <ThemeLayoutFields form={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!allowed || save.isPending} loading={save.isPending}>
            Save theme
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              reset({ ...DEFAULT_THEME }, { keepDefaultValues: true, keepDirty: false })
            }
          >
            Reset to defaults
          </Button>
          {allowed ? null : (
            <Link href={paths.plans()} className={buttonClasses('secondary', 'md')}>
              See plans
            </Link>
          )}
        </div>
      </form>
      <ThemePreview theme={values as Partial<Theme>} />
    </div>
  );
}
