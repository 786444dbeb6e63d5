import Link from 'next/link';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { usePopup } from '@/hooks/use-popup';
import { cn } from './cn';

/** One entry of a menu: a link, an action, or (in a radio menu) a choice. */
export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** A link to follow; otherwise `onSelect` runs. */
  href?: string;
  onSelect?: () => void;
  /** Radio menus: whether this is the chosen item. */
  checked?: boolean;
}

/** The trigger button's own attributes (its label, title, disabled state) besides its content. */
export type MenuTriggerAttributes = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick' | 'onKeyDown' | 'className' | 'children'
>;

export interface MenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  triggerProps?: MenuTriggerAttributes;
  triggerClassName?: string;
  items: MenuItem[];
  /** Items are choices (`menuitemradio`, the checked one marked) instead of actions. */
  radio?: boolean;
  /** Shown above the items, not focusable (e.g. the signed-in user's name). */
  header?: ReactNode;
  side?: 'bottom' | 'right';
  align?: 'start' | 'end';
  contentClassName?: string;
  itemClassName?: string;
}

const GAP_PX = 6;

/**
 * A menu button (the WAI-ARIA menu pattern) without a UI library: click, Enter, Space or
 * ArrowDown opens it; arrows, Home and End move over the items; Enter or a click chooses one;
 * Escape, Tab or a press outside closes it. The list is placed with fixed coordinates next to the
 * trigger, so no scrolling or clipping container hides it.
 */
export function Menu({
  trigger,
  triggerProps,
  triggerClassName,
  items,
  radio = false,
  header,
  side = 'bottom',
  align = 'start',
  contentClassName,
  itemClassName,
}: MenuProps) {
  const menuId = useId();
  const triggerId = useId();
  const popup = usePopup<HTMLDivElement, HTMLButtonElement>();
  const { open, show, close, rootRef, triggerRef, onBlurWithin } = popup;
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const [active, setActive] = useState(-1);
  const [place, setPlace] = useState<CSSProperties>({});

  useLayoutEffect(() => {
    if (!open || !triggerRef.current) return;
    const r = triggerRef.current.getBoundingClientRect();
    if (side === 'right') setPlace({ top: r.top, left: r.right + GAP_PX });
    else if (align === 'end')
      setPlace({ top: r.bottom + GAP_PX, right: window.innerWidth - r.right });
    else setPlace({ top: r.bottom + GAP_PX, left: r.left });
  }, [open, side, align, triggerRef]);

  useEffect(() => {
    if (open && active >= 0) itemRefs.current[active]?.focus();
  }, [open, active]);

  // The page moving under an open menu would leave it floating in the wrong place.
  useEffect(() => {
    if (!open) return;
    const dismiss = (event: Event) => {
      // Scrolling the list itself (a long list, or focus moving down it) keeps it open.
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      close();
    };
    window.addEventListener('resize', dismiss);
    window.addEventListener('scroll', dismiss, true);
    return () => {
      window.removeEventListener('resize', dismiss);
      window.removeEventListener('scroll', dismiss, true);
    };
  }, [open, close]);

  const openAt = (index: number) => {
    setActive(Math.min(index, items.length - 1));
    show();
  };
  const choose = (item: MenuItem) => {
    close({ returnFocus: !item.href });
    item.onSelect?.();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowDown', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? last : active + 1,
      ArrowUp: active <= 0 ? 0 : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === ' ') {
      // Space chooses, on links too (where the browser would scroll the page instead).
      event.preventDefault();
      itemRefs.current[active]?.click();
    } else if (event.key === 'Tab') close();
  };

  const itemClass = cn(
    'relative flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 focus:text-slate-900',
    radio && 'pl-8',
    itemClassName,
  );

  return (
    <div ref={rootRef} className="contents" onBlur={onBlurWithin}>
      <button
        {...triggerProps}
        id={triggerId}
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openAt(-1))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-labelledby={triggerId}
          tabIndex={-1}
          style={{ position: 'fixed', ...place }}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'z-50 min-w-[200px] rounded-lg border border-slate-200 bg-white p-1 shadow-lg',
            contentClassName,
          )}
        >
          {header ? <div role="none">{header}</div> : null}
          {items.map((item, i) => {
            const common = {
              ref: (el: HTMLElement | null) => {
                itemRefs.current[i] = el;
              },
              role: radio ? 'menuitemradio' : 'menuitem',
              'aria-checked': radio ? Boolean(item.checked) : undefined,
              tabIndex: i === active ? 0 : -1,
              onMouseEnter: () => setActive(i),
              className: cn(itemClass, radio && item.checked && 'font-medium text-slate-900'),
            };
            const body = (
              <>
                {item.icon}
                {item.label}
              </>
            );
            return item.href ? (
              <Link key={item.key} href={item.href} {...common} onClick={() => choose(item)}>
                {body}
              </Link>
            ) : (
              <button key={item.key} type="button" {...common} onClick={() => choose(item)}>
                {body}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
