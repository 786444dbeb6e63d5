import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/constants';
import { clearDraft, draftKey, readDraft, writeDraft } from './form-draft';
import { newReportForm } from './report-form';

describe('report form draft', () => {
  afterEach(() => window.localStorage.clear());

  it('gives a page back only its own draft', () => {
    const form = { ...newReportForm(2), name: 'Orders' };
    writeDraft(draftKey(null), form);
    expect(readDraft(draftKey(null))).toEqual(form);
    expect(readDraft(draftKey(4))).toBeNull();
    writeDraft(draftKey(4), { ...form, name: 'Edited' });
    // One draft at a time: the edit replaced the new report's.
    expect(readDraft(draftKey(null))).toBeNull();
    expect(readDraft(draftKey(4))?.name).toBe('Edited');
  });

  it("clears only this page's draft", () => {
    writeDraft(draftKey(4), newReportForm(2));
    clearDraft(draftKey(null));
    expect(readDraft(draftKey(4))).not.toBeNull();
    clearDraft(draftKey(4));
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFormData)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(STORAGE_KEYS.reportFormData, '{not json');
    expect(readDraft('create')).toBeNull();
    window.localStorage.setItem(
      STORAGE_KEYS.reportFormData,
      JSON.stringify({ key: 'create', form: { name: 'x', query: { type: 'pie' } } }),
    );
    expect(readDraft('create')).toBeNull();
  });
});
