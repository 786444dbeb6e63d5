import { useEditorState, type Editor } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CONTENT_LINK, isSafeImageSrc } from './content-extensions';
import { UrlInlineForm } from './url-inline-form';

/** Props of `ContentToolbar`. */
export interface ContentToolbarProps {
  editor: Editor | null;
  disabled: boolean;
}

type Chain = ReturnType<Editor['chain']>;
interface Tool {
  label: string;
  text: ReactNode;
  active: (e: Editor) => boolean;
  run: (c: Chain) => Chain;
}

const TOOLS: Tool[] = [
  {
    label: 'Heading 1',
    text: 'H1',
    active: (e) => e.isActive('heading', { level: 1 }),
    run: (c) => c.toggleHeading({ level: 1 }),
  },
  {
    label: 'Heading 2',
    text: 'H2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (c) => c.toggleHeading({ level: 2 }),
  },
  { label: 'Bold', text: <b>B</b>, active: (e) => e.isActive('bold'), run: (c) => c.toggleBold() },
  {
    label: 'Italic',
    text: <i>I</i>,
    active: (e) => e.isActive('italic'),
    run: (c) => c.toggleItalic(),
  },
  {
    label: 'Bullet list',
    text: '•',
    active: (e) => e.isActive('bulletList'),
    run: (c) => c.toggleBulletList(),
  },
  {
    label: 'Numbered list',
    text: '1.',
    active: (e) => e.isActive('orderedList'),
    run: (c) => c.toggleOrderedList(),
  },
];

const linkMark = (href: string) => ({ type: 'link', attrs: { href } });

const toolClass = (active: boolean) =>
  cn(
    'h-8 min-w-8 rounded px-2 text-sm text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400',
    focusRing,
    active && 'bg-slate-200 text-slate-900',
  );

/** Formatting buttons of the step content; Link and Image open a small URL entry below. */
export function ContentToolbar({ editor, disabled }: ContentToolbarProps) {
  const [entry, setEntry] = useState<'link' | 'image' | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            active: TOOLS.map((t) => t.active(e)),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });
  const off = disabled || !editor;
  const run = (command: (c: Chain) => Chain) => {
    if (editor) command(editor.chain().focus()).run();
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      >
        {TOOLS.map((tool, i) => (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            aria-pressed={state?.active[i] ?? false}
            disabled={off}
            className={toolClass(state?.active[i] ?? false)}
            onClick={() => run(tool.run)}
          >
            {tool.text}
          </button>
        ))}
        <button
          type="button"
          aria-label="Link"
          aria-pressed={state?.link ?? false}
          aria-expanded={entry === 'link'}
          disabled={off}
          className={toolClass(state?.link ?? false)}
          onClick={() => setEntry(entry === 'link' ? null : 'link')}
        >
          Link
        </button>
        <button
          type="button"
          aria-label="Image"
          aria-expanded={entry === 'image'}
          disabled={off}
          className={toolClass(false)}
          onClick={() => setEntry(entry === 'image' ? null : 'image')}
        >
          Image
        </button>
      </div>
      {entry === 'link' && !off ? (
        <UrlInlineForm
          label="Link URL"
          placeholder="https://example.com, /pricing or mailto:hi@example.com"
          initialValue={state?.href}
          isValid={(v) => CONTENT_LINK.test(v)}
          invalidMessage="Links must start with http://, https://, mailto: or /"
          onApply={(href) => {
            // With nothing selected the URL itself becomes the linked text.
            if (editor?.state.selection.empty && !state?.link)
              run((c) => c.insertContent({ type: 'text', text: href, marks: [linkMark(href)] }));
            else run((c) => c.extendMarkRange('link').setLink({ href }));
            setEntry(null);
          }}
          onRemove={
            state?.link
              ? () => {
                  run((c) => c.extendMarkRange('link').unsetLink());
                  setEntry(null);
                }
              : undefined
          }
          removeLabel="Remove link"
          onCancel={() => setEntry(null)}
        />
      ) : null}
      {entry === 'image' && !off ? (
        <UrlInlineForm
          label="Image URL"
          placeholder="https://example.com/picture.png or /images/picture.png"
          isValid={isSafeImageSrc}
          invalidMessage="Images must start with http://, https:// or /"
          onApply={(src) => {
            run((c) => c.setImage({ src }));
            setEntry(null);
          }}
          onCancel={() => setEntry(null)}
        />
      ) : null}
    </div>
  );
}
