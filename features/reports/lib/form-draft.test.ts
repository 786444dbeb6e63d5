import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/constants';
import { clearDraft, draftKey, readDraft, writeDraft } from './form-draft';
import { newReportForm } from './report-form';

describe('report form draft', () => {
  afterEach(() => window.localStorage.clear());

  it('gives a page back only its own draft', () => {
    const form = { ...newReportForm(2), name: 'Orders' };
    writeDraft(draftKey(null, 2), form);
    expect(readDraft(draftKey(null, 2))).toEqual(form);
    expect(readDraft(draftKey(4))).toBeNull();
    writeDraft(draftKey(4), { ...form, name: 'Edited' });
    // One draft at a time: the edit replaced the new report's.
    expect(readDraft(draftKey(null, 2))).toBeNull();
    expect(readDraft(draftKey(4))?.name).toBe('Edited');
  });

  it("never gives a new report's draft to another product", () => {
    writeDraft(draftKey(null, 2), newReportForm(2));
    expect(readDraft(draftKey(null, 3))).toBeNull();
    expect(readDraft(draftKey(null, 2))?.brand_id).toBe(2);
  });

  it("clears only this page's draft", () => {
    writeDraft(draftKey(4), newReportForm(2));
    clearDraft(draftKey(null, 2));
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
    // A trend without its series (an older shape) would break the form: not restored.
    window.localStorage.setItem(
      STORAGE_KEYS.reportFormData,
      JSON.stringify({ key: 'create', form: { ...newReportForm(2), query: { type: 'trend' } } }),
    );
    expect(readDraft('create')).toBeNull();
  });
});
