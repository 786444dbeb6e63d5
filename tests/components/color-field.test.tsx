import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ColorField, toPickerValue } from '@/components/ui/color-field';

/** The one colour field of the dashboard (components/ui/color-field.tsx): tour editor and theme editor. */

function Controlled({ initial, onChange }: { initial: string; onChange: (hex: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ColorField
        label="Text colour"
        value={value}
        onChange={(hex) => {
          onChange(hex);
          setValue(hex);
        }}
      />
      <button type="button" onClick={() => setValue('#abcdef')}>
        From outside
      </button>
    </>
  );
}

function InForm({ error }: { error?: string }) {
  const { register, setValue, control } = useForm<{ color: string }>({
    defaultValues: { color: '#2563eb' },
  });
  const color = useWatch({ control, name: 'color' });
  return (
    <>
      <ColorField
        label="Card background"
        labels="text"
        value={color}
        error={error}
        registration={register('color')}
        onChange={(hex) => setValue('color', hex)}
      />
      <output aria-label="Form value">{color}</output>
    </>
  );
}

describe('ColorField', () => {
  it('widens what the colour picker cannot show', () => {
    expect(toPickerValue('#ABC')).toBe('#aabbcc');
    expect(toPickerValue('#abcd')).toBe('#aabbcc');
    expect(toPickerValue(' #11223344 ')).toBe('#112233');
    expect(toPickerValue('#112233')).toBe('#112233');
    expect(toPickerValue('red')).toBe('#000000');
    expect(toPickerValue(undefined)).toBe('#000000');
  });

  it('names the picker by the label and the text "… hex"; keeps half-typed hex to itself', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled initial="#111827" onChange={onChange} />);
    const picker = screen.getByLabelText('Text colour');
    const text = screen.getByRole('textbox', { name: 'Text colour hex' });
    expect(picker).toHaveAttribute('type', 'color');
    expect(picker).toHaveValue('#111827');

    await user.clear(text);
    await user.type(text, '#F9');
    expect(onChange).not.toHaveBeenCalled();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.type(text, '7316');
    expect(onChange).toHaveBeenLastCalledWith('#f97316');
    expect(text).not.toHaveAttribute('aria-invalid');
    expect(picker).toHaveValue('#f97316');

    // Half-typed then left: the field shows the value again.
    await user.type(text, '{Backspace}');
    await user.tab();
    expect(text).toHaveValue('#f97316');

    fireEvent.input(picker, { target: { value: '#00ff00' } });
    expect(onChange).toHaveBeenLastCalledWith('#00ff00');
    expect(text).toHaveValue('#00ff00');

    await user.click(screen.getByRole('button', { name: 'From outside' }));
    expect(text).toHaveValue('#abcdef');
  });

  it('as a form field: the label names the text input, "Pick …" the picker; the form keeps what is typed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<InForm />);
    const text = screen.getByRole('textbox', { name: 'Card background' });
    const picker = screen.getByLabelText('Pick card background');
    expect(text).toHaveValue('#2563eb');
    expect(picker).toHaveValue('#2563eb');

    await user.clear(text);
    await user.type(text, 'red');
    expect(screen.getByLabelText('Form value')).toHaveTextContent('red');
    expect(text).not.toHaveAttribute('aria-invalid');

    rerender(<InForm error="Card background must be a hex colour" />);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('Card background must be a hex colour');

    fireEvent.input(picker, { target: { value: '#00ff00' } });
    expect(screen.getByLabelText('Form value')).toHaveTextContent('#00ff00');
  });

  it('disables both inputs', () => {
    render(<ColorField label="Card colour" value="#fff" disabled onChange={() => {}} />);
    expect(screen.getByLabelText('Card colour')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Card colour hex' })).toBeDisabled();
    expect(screen.getByLabelText('Card colour')).toHaveValue('#ffffff');
  });
});
