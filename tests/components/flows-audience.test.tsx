import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDraft } from '@/features/flows/lib/new-draft';
import { useFlowEditorStore } from '@/features/flows/state/editor-store';
import type { Flow } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { addFlow } from '../mocks/flows.handlers';
import { seedConditionData } from '../mocks/flows-seed';
import { installReactFlowEnv } from './react-flow-env';
import { setRoute } from '../setup/router';
import { renderEditor } from './flow-editor-utils';
import { aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

const M = MESSAGES.flows;
function seed(over: Partial<Flow> = {}) {
  const { brand } = seedConditionData();
  useBrandStore.getState().setBrandId(brand.id);
  const flow = addFlow({
    ...newDraft(brand.id),
    name: 'Onboarding',
    condition: { ...aFlowCondition(aUrlTrigger()), trigger_operator: 'OR' },
    steps: [aStep({ content: '<p>Hi</p>' })],
    ...over,
  });
  setRoute('/flows/[id]', { id: String(flow.id) });
  return flow;
}
const audience = () =>
  within(screen.getByRole('region', { name: 'Advanced settings' })).getByRole('region', {
    name: 'Audience',
  });

describe("Flow editor: the flow's attribute conditions (audience)", () => {
  beforeAll(installReactFlowEnv);

  it('edits them in the Attribute & Metadata dialog and saves them with the flow', async () => {
    const flow = seed();
    const { user } = renderEditor();
    await screen.findByRole('textbox', { name: 'Flow title' });
    expect(audience()).toHaveTextContent('Every customer the trigger matches.');

    await user.click(within(audience()).getByRole('button', { name: 'Set audience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attribute & Metadata' });
    await user.click(
      await within(dialog).findByRole('combobox', { name: 'Condition 1 attribute' }),
    );
    await user.click(screen.getByRole('option', { name: 'Plan (Text)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Condition 1 value' }), 'pro');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(audience()).toHaveTextContent('plan exact pro');
    // The trigger conditions are left alone.
    expect(screen.getByRole('list', { name: 'Trigger conditions' })).toHaveTextContent('/app');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(db.flows.find((f) => f.id === flow.id)!.attribute_conditions).toEqual([
        { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      ]),
    );

    // An empty save leaves every customer in.
    await user.click(within(audience()).getByRole('button', { name: 'Edit audience' }));
    const again = await screen.findByRole('dialog', { name: 'Attribute & Metadata' });
    await user.click(within(again).getByRole('button', { name: 'Clear all' }));
    await user.click(within(again).getByRole('button', { name: 'Save changes' }));
    expect(audience()).toHaveTextContent('Every customer the trigger matches.');
    expect(useFlowEditorStore.getState().draft!.attribute_conditions).toEqual([]);
  });

  it('shows stored problems, which stop Publish (docs/product/validation.md#58-flow-checks)', async () => {
    seed({ attribute_conditions: [{ customer_key: 'seats', condition_type: '>', value: '' }] });
    const { user } = renderEditor();
    await screen.findByRole('textbox', { name: 'Flow title' });
    const problem = M.conditionN(1, M.valueRequired);
    expect(audience()).toHaveTextContent(problem);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Flow' });
    expect(dialog).toHaveTextContent(problem);
    expect(within(dialog).getByRole('button', { name: 'Publish now' })).toBeDisabled();
  });

  it('can be viewed but not changed on a published flow', async () => {
    seed({
      publish: true,
      attribute_conditions: [{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
    });
    const { user } = renderEditor();
    await screen.findByText(/published and read-only/);
    await user.click(within(audience()).getByRole('button', { name: 'View audience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attribute & Metadata' });
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(useFlowEditorStore.getState().draft!.attribute_conditions).toHaveLength(1);
  });
});
