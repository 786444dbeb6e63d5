/** The element a tooltip points at in the preview when its own selector is not on this page. */
export const SAMPLE_TARGET_ID = 'signpost-preview-target';

/** A plain product page the preview plays the tour on. */
export function SamplePage() {
  return (
    <div className="mx-auto max-w-4xl p-8 text-slate-700" aria-hidden="true">
      <div className="mb-10 flex items-center justify-between">
        <span className="text-lg font-bold text-slate-900">Your product</span>
        <nav className="flex gap-6 text-sm">
          <span>Dashboard</span>
          <span>Reports</span>
          <span>Settings</span>
        </nav>
      </div>
      <h1 className="mb-3 text-3xl font-bold text-slate-900">Welcome back</h1>
      <p className="mb-6 max-w-xl">
        This sample page stands in for your website. Steps play here exactly as your customers will
        see them.
      </p>
      <button
        id={SAMPLE_TARGET_ID}
        type="button"
        tabIndex={-1}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white"
      >
        Create project
      </button>
      <div className="mt-10 grid grid-cols-3 gap-4">
        {['Active users', 'Sessions', 'Conversion'].map((label) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4">
            <p className="text-xs uppercase text-slate-500">{label}</p>
            <p className="mt-2 text-2xl font-semibold text-slate-900">—</p>
          </div>
        ))}
      </div>
    </div>
  );
}
