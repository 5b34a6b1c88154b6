import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A small non-modal popover: a button that opens a panel (role "dialog") beside it, aligned to
 * the button's end edge. It replaces Radix Popover, whose positioning engine cost ~12 KB gzipped
 * on every page for three panels that only ever open below or above their button (decision 006).
 *
 * It keeps what Radix did for keyboard and screen reader users: the button says aria-haspopup,
 * aria-expanded and aria-controls; opening moves focus into the panel (its first control that is
 * not a link, else the panel itself); Escape closes and gives focus back to the button; a click or
 * focus outside closes without moving focus. The panel sits right after the button in the DOM (no
 * portal), so Tab goes from the button into it, and from its end to whatever follows the button.
 * Following a link inside the panel closes it (a tapped notification must not stay over the page
 * it opened), and so does any navigation.
 */

/** Space kept between the panel and the viewport's edges (Radix's collisionPadding). */
const EDGE_GAP_PX = 12;
/** The arrow's size, as Radix drew it. */
const ARROW_WIDTH_PX = 10;
const ARROW_HEIGHT_PX = 5;

/** The button's look and name: all a popover loaded on its first opening renders before (popover-on-demand.tsx). */
export type PopoverTriggerProps = {
  /** The button's content (icon, text, badge). */
  trigger: React.ReactNode;
  triggerClassName: string;
  triggerLabel?: string;
  triggerDescribedBy?: string;
};

type PopoverProps = PopoverTriggerProps & {
  /** Open from the start: the button that asked for this popover's code was used (popover-on-demand.tsx). */
  defaultOpen?: boolean;
  /** Below the button (default) or above it. */
  side?: "bottom" | "top";
  /** A small arrow from the panel to the middle of the button. */
  arrow?: boolean;
  /** The panel's look and width; placement classes are added here. */
  className: string;
  /** The panel's accessible name: a label, or the id of its heading. */
  label?: string;
  labelledBy?: string;
  /** Called when the user opens or closes it (not when a navigation closes it). */
  onOpenChange?: (open: boolean) => void;
  /** The panel's content; `close` is for links and buttons that should close it when used. */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
};

export function Popover({
  trigger,
  triggerClassName,
  triggerLabel,
  triggerDescribedBy,
  defaultOpen = false,
  side = "bottom",
  arrow = false,
  className,
  label,
  labelledBy,
  onOpenChange,
  children,
}: PopoverProps) {
  // The panel belongs to the history entry it was opened on: another page (or the same page with
  // another query) closes it, leaving focus to the navigation (see useFocusOnNavigation).
  const { key: locationKey } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(defaultOpen ? locationKey : null);
  const open = openOn === locationKey;
  // Escape and the panel's own close buttons give focus back to the button; outside clicks do not.
  const [focusTriggerOnClose, setFocusTriggerOnClose] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const arrowRef = useRef<SVGSVGElement>(null);
  const panelId = useId();

  const change = useCallback(
    (next: boolean, focusTrigger = false) => {
      setOpenOn(next ? locationKey : null);
      setFocusTriggerOnClose(focusTrigger);
      onOpenChange?.(next);
    },
    [onOpenChange, locationKey],
  );
  const closeAndFocusTrigger = useCallback(() => change(false, true), [change]);

  useEffect(() => {
    if (!open && focusTriggerOnClose) triggerRef.current?.focus();
  }, [open, focusTriggerOnClose]);

  // Outside pointer or focus closes the panel, leaving focus where the user put it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => event.target instanceof Node && !rootRef.current?.contains(event.target);
    const dismiss = (event: Event) => {
      if (outside(event)) change(false);
    };
    document.addEventListener("pointerdown", dismiss);
    document.addEventListener("focusin", dismiss);
    return () => {
      document.removeEventListener("pointerdown", dismiss);
      document.removeEventListener("focusin", dismiss);
    };
  }, [open, change]);

  // Focus into the panel once it is shown. Links are skipped, as Radix did: landing on a link
  // makes an Enter meant for the button follow it.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const first = panel.querySelector<HTMLElement>(
      "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])",
    );
    (first ?? panel).focus();
  }, [open]);

  // Keep the panel inside the viewport and point the arrow at the button's middle. Measured before
  // paint, and again when the window changes size; the panel follows scrolling by itself, being
  // positioned inside the button's wrapper.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const button = triggerRef.current;
    if (!open || !panel || !button) return;
    function place() {
      if (!panel || !button) return;
      panel.style.translate = "";
      const box = panel.getBoundingClientRect();
      const viewportWidth = document.documentElement.clientWidth;
      let shift = 0;
      if (box.right > viewportWidth - EDGE_GAP_PX) shift = viewportWidth - EDGE_GAP_PX - box.right;
      if (box.left + shift < EDGE_GAP_PX) shift = EDGE_GAP_PX - box.left;
      if (shift) panel.style.translate = `${shift}px 0`;
      if (arrowRef.current) {
        const buttonBox = button.getBoundingClientRect();
        const middle = buttonBox.left + buttonBox.width / 2 - (box.left + shift);
        arrowRef.current.style.left = `${middle - ARROW_WIDTH_PX / 2}px`;
      }
    }
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [open]);

  // 8 px from the button, plus the arrow's height when there is one (Radix's sideOffset of 8).
  const placement =
    side === "top" ? (arrow ? "bottom-full mb-[13px]" : "bottom-full mb-2") : arrow ? "top-full mt-[13px]" : "top-full mt-2";

  return (
    <div
      ref={rootRef}
      className="relative flex"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        // Only this panel closes, not a menu it sits in.
        event.stopPropagation();
        closeAndFocusTrigger();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={triggerLabel}
        aria-describedby={triggerDescribedBy}
        data-state={open ? "open" : "closed"}
        onClick={() => change(!open)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          tabIndex={-1}
          aria-label={label}
          aria-labelledby={labelledBy}
          data-state="open"
          className={`absolute right-0 ${placement} ${className}`}
          onClick={(event) => {
            // A followed link (even to the page already shown) closes the panel; its own handler ran first.
            if (event.target instanceof Element && event.target.closest("a[href]")) change(false);
          }}
        >
          {typeof children === "function" ? children(closeAndFocusTrigger) : children}
          {arrow ? (
            <svg
              ref={arrowRef}
              aria-hidden="true"
              width={ARROW_WIDTH_PX}
              height={ARROW_HEIGHT_PX}
              viewBox="0 0 30 10"
              preserveAspectRatio="none"
              className={`absolute fill-white ${side === "top" ? "top-full" : "bottom-full rotate-180"}`}
            >
              <polygon points="0,0 30,0 15,10" />
            </svg>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
