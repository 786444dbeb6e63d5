import { screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_EXTENSIONS,
  CONTENT_LINK,
} from '@/features/flows/components/step/content-extensions';
import { StepEditor } from '@/features/flows/components/step/step-editor';
import type { FlowStep } from '@/lib/contracts/flows';
import { STEP_HTML } from '@/lib/flows/allow-list';
import { MESSAGES } from '@/lib/messages';
import { renderWithProviders } from './test-utils';
import { aStep } from '../fixtures/flows';

// ProseMirror measures the layout on clicks and selection changes; jsdom has no layout.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const STEPS = [
  aStep({ id: 's1', content: '<p>Welcome aboard</p>' }),
  aStep({ id: 's2', content: '<p>Pick a plan</p>' }),
  aStep({ id: 's3', content: '<h1>All done</h1>' }),
];

/** Keeps the flow's steps in state like the editor canvas does and records every onChange. */
function Harness(props: {
  steps: FlowStep[];
  selected: string;
  log: FlowStep[];
  readOnly?: boolean;
}) {
  const [steps, setSteps] = useState(props.steps);
  const step = steps.find((s) => s.id === props.selected)!;
  return (
    <StepEditor
      step={step}
      steps={steps}
      readOnly={props.readOnly}
      onChange={(next) => {
        props.log.push(next);
        setSteps((all) => all.map((s) => (s.id === next.id ? next : s)));
      }}
    />
  );
}

function setup(options: { steps?: FlowStep[]; selected?: string; readOnly?: boolean } = {}) {
  const log: FlowStep[] = [];
  const steps = options.steps ?? STEPS;
  const selected = options.selected ?? 's2';
  const view = renderWithProviders(
    <Harness steps={steps} selected={selected} log={log} readOnly={options.readOnly} />,
  );
  const last = () => log[log.length - 1]!;
  return { ...view, log, last, steps };
}

const buttonActions = () => screen.getByRole('group', { name: 'Button actions' });
const elementActions = () => screen.getByRole('group', { name: 'Element actions' });

describe('StepEditor: banner position', () => {
  it('offers the position only for banners and stores bottom', async () => {
    const { user, last } = setup();
    expect(screen.queryByLabelText('Banner position')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Step type'), 'Banner');
    expect(screen.getByLabelText('Banner position')).toHaveValue('top');
    await user.selectOptions(screen.getByLabelText('Banner position'), 'Bottom of the page');
    expect(last()).toMatchObject({ type: 'banner', banner_position: 'bottom' });
  });
});

describe('StepEditor: buttons (docs/product/screens.md#245-step-buttons, docs/product/constants.md#flow-limits)', () => {
  it('adds buttons up to 2, then hides Add button', async () => {
    const { user, last } = setup();
    expect(screen.getByRole('heading', { name: 'Button 0/2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add button' }));
    expect(screen.getByRole('heading', { name: 'Button 1/2' })).toBeInTheDocument();
    expect(last().buttons).toEqual([
      {
        id: expect.stringMatching(/^b_\w+$/),
        label: 'Next',
        background_color: '#2563eb',
        color: '#ffffff',
        actions: [{ type: 'goto', reference_step: 's3' }],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Add button' }));
    expect(screen.getByRole('heading', { name: 'Button 2/2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add button' })).not.toBeInTheDocument();
    expect(new Set(last().buttons.map((b) => b.id)).size).toBe(2);
  });

  it('starts a new button with "go to the next step" (issue 30, point 7)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const entry = screen.getByRole('button', { expanded: true });
    expect(entry).toHaveTextContent('Go to step 3');
    expect(screen.getByLabelText('Step for action 1')).toHaveValue('s3');
    expect(screen.queryByText('Please add action for this step')).not.toBeInTheDocument();
    // Not the last step: no completion hint.
    expect(screen.queryByText('Ends the tour: counts as completed')).not.toBeInTheDocument();
  });

  it('on the last step a new button is "Done", dismisses, and says it completes the tour', async () => {
    const { user, last } = setup({ selected: 's3' });
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    expect(last().buttons[0]).toMatchObject({ label: 'Done', actions: [{ type: 'dismiss' }] });
    const entry = screen.getByRole('button', { expanded: true });
    expect(entry).toHaveTextContent('Dismiss flow');
    expect(entry).toHaveTextContent('Ends the tour: counts as completed');
    // Back to an earlier step: no longer an end.
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    await user.click(screen.getByRole('button', { name: 'Add action: Go to step' }));
    await user.selectOptions(screen.getByLabelText('Step for action 1'), 'Step 1 — Welcome aboard');
    expect(screen.queryByText('Ends the tour: counts as completed')).not.toBeInTheDocument();
  });

  it('shows no completion hint for a dismiss before the last step', async () => {
    const { user } = setup({ selected: 's1' });
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    await user.click(screen.getByRole('button', { name: 'Add action: Dismiss flow' }));
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('Dismiss flow');
    expect(screen.queryByText('Ends the tour: counts as completed')).not.toBeInTheDocument();
  });

  it('summarises a button without actions as "No action applied" and asks for one', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    const entry = screen.getByRole('button', { expanded: true });
    expect(entry).toHaveTextContent('Next');
    expect(entry).toHaveTextContent('No action applied');
    expect(screen.getByText('Please add action for this step')).toBeInTheDocument();
  });

  it('edits the label and colours of a button and removes it', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.clear(screen.getByLabelText('Button label'));
    await user.type(screen.getByLabelText('Button label'), 'Got it');
    await user.clear(screen.getByLabelText('Text colour hex'));
    await user.type(screen.getByLabelText('Text colour hex'), '#111827');
    expect(last().buttons[0]).toMatchObject({ label: 'Got it', color: '#111827' });

    await user.click(screen.getByRole('button', { name: 'Remove button' }));
    expect(last().buttons).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Button 0/2' })).toBeInTheDocument();
  });
});

describe('StepEditor: actions (docs/product/entities.md#flow-step-button-and-action, docs/product/validation.md#58-flow-checks)', () => {
  it('offers only the other steps for go to step', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(within(buttonActions()).getByRole('button', { name: /go to step/i }));
    const select = screen.getByLabelText('Step for action 1');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a step', 'Step 1 — Welcome aboard', 'Step 3 — All done']);
  });

  it('adds go to, dismiss and navigate actions and stores them on the button', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    const group = buttonActions();

    await user.click(within(group).getByRole('button', { name: 'Add action: Go to step' }));
    expect(screen.getByText('Please select step for action')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Step for action 1'), 'Step 3 — All done');
    expect(screen.queryByText('Please select step for action')).not.toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Add action: Dismiss flow' }));
    await user.click(within(group).getByRole('button', { name: 'Add action: Navigate to page' }));
    expect(screen.getByText('Please input link for action')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link for action 3'), '/pricing');
    expect(screen.queryByText('Please input link for action')).not.toBeInTheDocument();

    expect(last().buttons[0]!.actions).toEqual([
      { type: 'goto', reference_step: 's3' },
      { type: 'dismiss' },
      { type: 'navigation', value: '/pricing' },
    ]);
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent(
      'Go to step 3, Dismiss flow, Navigate to /pricing',
    );
    expect(screen.queryByText('Please add action for this step')).not.toBeInTheDocument();
  });

  it('refuses links a tour must not open', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Add action: Navigate to page' }));
    await user.type(screen.getByLabelText('Link for action 2'), 'javascript:alert(1)');
    expect(screen.getByText(MESSAGES.flows.linkInvalid)).toBeInTheDocument();
  });

  it('refuses a link or a background image that is not a valid http(s) URL nor a site path, with the spec wording', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Add action: Navigate to page' }));
    const link = screen.getByLabelText('Link for action 2');
    await user.type(link, 'https://');
    expect(screen.getByText(MESSAGES.flows.linkInvalid)).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, '/pricing');
    expect(screen.queryByText(MESSAGES.flows.linkInvalid)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Background image URL'), 'https://exa mple.com/a.png');
    expect(screen.getByText(MESSAGES.flows.linkInvalid)).toBeInTheDocument();
  });

  it('asks for a step again when a go-to points at a step that no longer exists', async () => {
    const gone = {
      id: 'b1',
      label: 'Go',
      background_color: '#000000',
      color: '#ffffff',
      actions: [{ type: 'goto' as const, reference_step: 'deleted' }],
    };
    const { user } = setup({
      steps: [STEPS[0]!, aStep({ id: 's2', content: '<p>Pick</p>', buttons: [gone] })],
    });
    await user.click(screen.getByRole('button', { name: /Go to step/ }));
    expect(screen.getByLabelText('Step for action 1')).toHaveValue('');
    expect(screen.getByText('Please select step for action')).toBeInTheDocument();
  });

  it('removes an action', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    expect(last().buttons[0]!.actions).toEqual([]);
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('No action applied');
  });
});

describe('StepEditor: tool-tip steps', () => {
  it('asks for an element until a selector is typed', async () => {
    const { user, last } = setup();
    expect(screen.queryByText('Please select an element.')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Step type'), 'Tooltip');
    expect(last().type).toBe('tool_tip');
    expect(screen.getByText('Please select an element.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Page URL'), 'https://app.example.com/settings');
    expect(screen.getByText('Please select an element.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CSS selector'), '#save');
    expect(screen.queryByText('Please select an element.')).not.toBeInTheDocument();
    expect(last().select_element).toEqual({
      url: 'https://app.example.com/settings',
      selector: '#save',
    });
  });

  it('drops the element and element actions when the step stops being a tooltip', async () => {
    const { user, last } = setup({
      steps: [
        aStep({
          id: 's1',
          type: 'tool_tip',
          content: '<p>Here</p>',
          select_element: { url: '/settings', selector: '#save' },
          element_actions: [{ type: 'goto', reference_step: 's2' }],
        }),
        STEPS[1]!,
      ],
      selected: 's1',
    });
    await user.selectOptions(screen.getByLabelText('Step type'), 'Modal');
    expect(last()).toMatchObject({ type: 'modal', select_element: null, element_actions: [] });

    await user.selectOptions(screen.getByLabelText('Step type'), 'Tooltip');
    expect(screen.getByLabelText('CSS selector')).toHaveValue('');
    expect(within(elementActions()).queryByLabelText('Step for action 1')).toBeNull();
  });

  it('uses the tooltip wording for element actions', async () => {
    const { user, last } = setup({
      steps: [aStep({ id: 's1', type: 'tool_tip', content: '<p>Here</p>' }), STEPS[1]!],
      selected: 's1',
    });
    const group = elementActions();
    await user.click(within(group).getByRole('button', { name: 'Add action: Go to step' }));
    await user.click(within(group).getByRole('button', { name: 'Add action: Navigate to page' }));
    expect(screen.getByText('Please select step for tooltip element action')).toBeInTheDocument();
    expect(screen.getByText('Please input link for tooltip element action')).toBeInTheDocument();

    await user.selectOptions(
      within(group).getByLabelText('Step for action 1'),
      'Step 2 — Pick a plan',
    );
    await user.type(within(group).getByLabelText('Link for action 2'), 'https://example.com');
    expect(last().element_actions).toEqual([
      { type: 'goto', reference_step: 's2' },
      { type: 'navigation', value: 'https://example.com' },
    ]);
    expect(screen.queryByText(/tooltip element action/)).not.toBeInTheDocument();
  });
});

describe('StepEditor: background image', () => {
  it('stores the URL and the options as one JSON string', async () => {
    const { user, last } = setup();
    await user.type(screen.getByLabelText('Background image URL'), '/img/bg.png');
    await user.selectOptions(screen.getByLabelText('Size'), 'contain');
    await user.selectOptions(screen.getByLabelText('Position'), 'top');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'repeat-x');
    expect(last().background_image_url).toBe('/img/bg.png');
    expect(last().background_image_options).toBe(
      '{"size":"contain","position":"top","repeat":"repeat-x"}',
    );
  });

  it('shows the defaults when the stored options are not valid JSON', () => {
    setup({
      steps: [aStep({ id: 's1', content: '', background_image_options: '{oops' })],
      selected: 's1',
    });
    expect(screen.getByLabelText('Size')).toHaveValue('cover');
    expect(screen.getByLabelText('Position')).toHaveValue('center');
    expect(screen.getByLabelText('Repeat')).toHaveValue('no-repeat');
  });
});

describe('StepEditor: content (TipTap)', () => {
  it('renders the stored HTML and emits HTML as the user types and formats', async () => {
    const { user, last } = setup();
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    expect(box).toHaveTextContent('Pick a plan');

    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}Hello');
    expect(last().content).toBe('<p>Hello</p>');

    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(last().content).toBe('<p><strong>Hello</strong></p>');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no problem on open; a blur or a change shows it (docs/product/validation.md#51-forms-in-general)', async () => {
    const empty = [
      aStep({ id: 's1', content: '' }),
      aStep({ id: 's2', content: '', type: 'tool_tip' }),
    ];
    const { user } = setup({ steps: empty, selected: 's2' });
    await screen.findByRole('textbox', { name: 'Step content' });
    expect(screen.queryByText('Step must include display content.')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select an element.')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Page URL'));
    await user.tab(); // leaves the field untouched
    expect(screen.getByText('Step must include display content.')).toBeInTheDocument();
    expect(screen.getByText('Please select an element.')).toBeInTheDocument();
  });

  it('shows the problems at once when asked to (after Save or Publish)', async () => {
    const log: FlowStep[] = [];
    renderWithProviders(
      <StepEditor
        step={aStep({ id: 's1', content: '' })}
        steps={[aStep({ id: 's1', content: '' })]}
        onChange={(s) => log.push(s)}
        showProblems
      />,
    );
    expect(await screen.findByText('Step must include display content.')).toBeInTheDocument();
  });

  it('emits an empty string once the content is cleared and asks for content', async () => {
    const { user, last } = setup();
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    expect(screen.queryByText('Step must include display content.')).not.toBeInTheDocument();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(last().content).toBe('');
    expect(screen.getByText('Step must include display content.')).toBeInTheDocument();
  });

  it('links the selection through the inline URL form, refusing unsafe links', async () => {
    const { user, last } = setup();
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const url = screen.getByRole('textbox', { name: 'Link URL' });
    await user.type(url, 'javascript:alert(1){Enter}');
    expect(
      screen.getByText('Links must start with http://, https://, mailto: or /'),
    ).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://example.com/plans{Enter}');

    expect(last().content).toContain('<a');
    expect(last().content).toContain('href="https://example.com/plans"');
    expect(screen.queryByRole('textbox', { name: 'Link URL' })).not.toBeInTheDocument();
  });

  it('refuses a /\\ link, which browsers read as another host', async () => {
    const { user } = setup();
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByRole('textbox', { name: 'Link URL' }), '/\\evil.com{Enter}');
    expect(
      screen.getByText('Links must start with http://, https://, mailto: or /'),
    ).toBeInTheDocument();
  });

  it('inserts the URL as linked text when nothing is selected', async () => {
    const { user, last } = setup();
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByRole('textbox', { name: 'Link URL' }), '/pricing{Enter}');
    expect(last().content).toMatch(/^<p><a [^>]*href="\/pricing"[^>]*>\/pricing<\/a><\/p>$/);
  });

  it('loads the other step content when another step is selected', async () => {
    const log: FlowStep[] = [];
    const { rerender } = renderWithProviders(<Harness steps={STEPS} selected="s1" log={log} />);
    expect(await screen.findByRole('textbox', { name: 'Step content' })).toHaveTextContent(
      'Welcome aboard',
    );
    rerender(<Harness steps={STEPS} selected="s3" log={log} />);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Step content' })).toHaveTextContent('All done'),
    );
    expect(log).toEqual([]);
  });
});

describe('StepEditor: read-only', () => {
  it('disables every control', async () => {
    const withButton = aStep({
      id: 's1',
      type: 'tool_tip',
      content: '<p>Hi</p>',
      buttons: [
        {
          id: 'b_1',
          label: 'Next',
          background_color: '#2563eb',
          color: '#ffffff',
          actions: [{ type: 'dismiss' }],
        },
      ],
      element_actions: [{ type: 'navigation', value: '/x' }],
    });
    const { user, log } = setup({ steps: [withButton], selected: 's1', readOnly: true });
    const box = await screen.findByRole('textbox', { name: 'Step content' });
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'false'));

    // Entries still open so the settings can be read.
    await user.click(screen.getByRole('button', { name: /Next/ }));
    const fields = [
      ...screen.getAllByRole('combobox'),
      ...screen.getAllByRole('textbox').filter((el) => el !== box),
      ...screen.getAllByRole('button').filter((el) => !el.hasAttribute('aria-expanded')),
      screen.getByLabelText('Background colour'),
    ];
    expect(fields.length).toBeGreaterThan(15);
    for (const field of fields) expect(field).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add button' })).toBeDisabled();
    expect(log).toEqual([]);
  });
});

describe('content extensions', () => {
  it('produce only tags the step allow-list keeps (no horizontal rule)', () => {
    const editor = new Editor({
      extensions: CONTENT_EXTENSIONS,
      content:
        '<h1>A</h1><h2>B</h2><p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code>' +
        '<a href="/x">l</a><br>x</p><ul><li><p>1</p></li></ul><ol><li><p>2</p></li></ol>' +
        '<blockquote><p>q</p></blockquote><pre><code>x</code></pre><hr>' +
        '<img src="https://example.com/a.png"><p>end</p>',
    });
    const html = editor.getHTML();
    editor.destroy();
    const tags = [...new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]!))];
    expect(tags.filter((t) => !STEP_HTML.tags.includes(t))).toEqual([]);
    expect(html).not.toContain('<hr');
    expect(html).toContain('<s>s</s>');
  });

  it.each(['https://example.com', 'mailto:a@b.co', '/pricing', './a', '../a', '#top'])(
    'accept the link %s',
    (v) => expect(CONTENT_LINK.test(v)).toBe(true),
  );
  it.each(['//evil.com', '/\\evil.com', 'javascript:alert(1)'])('refuse the link %s', (v) =>
    expect(CONTENT_LINK.test(v)).toBe(false),
  );
});
