import { TextField } from '@/components/ui/text-field';
import { stepSchema, type FlowStep } from '@/lib/contracts/flows';
import { isTourLink } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import {
  BACKGROUND_POSITIONS,
  BACKGROUND_REPEATS,
  BACKGROUND_SIZES,
  parseBackgroundOptions,
  serializeBackgroundOptions,
  type BackgroundImageOptions,
} from '../../lib/background-image';
import { SelectField } from '@/components/ui/select-field';

/** Props of `BackgroundImageFields`. */
export interface BackgroundImageFieldsProps {
  step: FlowStep;
  onChange: (step: FlowStep) => void;
  readOnly: boolean;
}

const FIELDS = [
  { key: 'size', label: 'Size', values: BACKGROUND_SIZES },
  { key: 'position', label: 'Position', values: BACKGROUND_POSITIONS },
  { key: 'repeat', label: 'Repeat', values: BACKGROUND_REPEATS },
] as const satisfies readonly {
  key: keyof BackgroundImageOptions;
  label: string;
  values: readonly string[];
}[];

/** The contract's link rule for the image URL (http(s) or a path on the same site). */
function urlError(url: string | null | undefined): string | undefined {
  const parsed = stepSchema.shape.background_image_url.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  // A valid URL uses http or https only (an address the browser can read), or a site path.
  return url?.trim() && !isTourLink(url) ? MESSAGES.flows.linkInvalid : undefined;
}

/** Background image of a step: URL plus size, position and repeat kept as one JSON string. */
export function BackgroundImageFields({ step, onChange, readOnly }: BackgroundImageFieldsProps) {
  const options = parseBackgroundOptions(step.background_image_options);
  const setOption = (part: Partial<BackgroundImageOptions>) =>
    onChange({
      ...step,
      background_image_options: serializeBackgroundOptions({ ...options, ...part }),
    });

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Background image</legend>
      <TextField
        label="Background image URL"
        placeholder="https://example.com/bg.png or /images/bg.png"
        maxLength={2048}
        value={step.background_image_url ?? ''}
        disabled={readOnly}
        error={urlError(step.background_image_url)}
        onChange={(e) => onChange({ ...step, background_image_url: e.target.value || null })}
      />
      <div className="grid grid-cols-3 gap-2">
        {FIELDS.map(({ key, label, values }) => (
          <SelectField
            key={key}
            label={label}
            value={options[key]}
            options={values.map((v) => ({ value: v, label: v }))}
            disabled={readOnly}
            // The select only offers `values`, which are exactly the allowed ones for `key`.
            onChange={(e) =>
              setOption({ [key]: e.target.value } as Partial<BackgroundImageOptions>)
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
