import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { isEmptyContent } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import { CONTENT_EXTENSIONS } from './content-extensions';
import { ContentToolbar } from './content-toolbar';
import { StepHint } from './step-hint';

/** Props of `StepContentEditor`. Remount it (key) to load another step's content. */
export interface StepContentEditorProps {
  content: string;
  onChange: (html: string) => void;
  readOnly: boolean;
  /** Whether an empty content shows its problem yet (not on open: after a change, blur or Save). */
  showProblem?: boolean;
}

/** Rich step content (TipTap). Emits HTML, or '' when nothing but empty blocks remain. */
export function StepContentEditor({
  content,
  onChange,
  readOnly,
  showProblem = true,
}: StepContentEditorProps) {
  const hintId = useId();
  // The editor owns the document after mount; later `content` props are its own echoes.
  const [initial] = useState(content);
  const empty = showProblem && isEmptyContent(content);
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-label': 'Step content',
        'aria-multiline': 'true',
        'aria-readonly': String(readOnly),
        ...(empty ? { 'aria-describedby': hintId } : {}),
        class: 'min-h-24 px-3 py-2 text-sm text-slate-900 focus:outline-none',
      },
    }),
    [readOnly, empty, hintId],
  );
  const editor = useEditor({
    extensions: CONTENT_EXTENSIONS,
    content: initial,
    immediatelyRender: false,
    editable: !readOnly,
    editorProps,
    // useEditor calls the latest onUpdate, so `onChange` is never stale.
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(isEmptyContent(html) ? '' : html);
    },
  });

  useEffect(() => {
    // false: toggling read-only must not emit a content change.
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold text-slate-900">Content</span>
      <div
        className={cn(
          'rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand-500',
          empty ? 'border-red-400' : 'border-slate-300',
          readOnly && 'bg-slate-50',
          // ProseMirror renders bare elements; give lists and headings their shape here.
          '[&_.ProseMirror_h1]:text-xl [&_.ProseMirror_h1]:font-bold [&_.ProseMirror_h2]:text-lg [&_.ProseMirror_h2]:font-semibold',
          '[&_.ProseMirror_ul]:list-disc [&_.ProseMirror_ol]:list-decimal [&_.ProseMirror_ol]:pl-5 [&_.ProseMirror_ul]:pl-5',
          '[&_.ProseMirror_a]:text-brand-700 [&_.ProseMirror_a]:underline [&_.ProseMirror_img]:max-w-full',
        )}
      >
        <ContentToolbar editor={editor} disabled={readOnly} />
        <EditorContent editor={editor} />
      </div>
      <StepHint id={hintId} message={empty ? MESSAGES.flows.stepContent : null} />
    </div>
  );
}
