/**
 * Is the visitor busy? The subscribe popup is a modal: opening it moves the focus into it and
 * makes the page inert, so it must never open on someone who is typing, has a menu open or is
 * working in a text field (issue 15 point 9). This watches the page for that and says how long
 * the popup should wait before it looks again.
 */

/** No typing for this long (keys, input, IME composition) before the visitor counts as idle. */
const POPUP_IDLE_MS = 3000;
/** While a menu is open or a field is in use, the popup looks again this often. */
const POPUP_RECHECK_MS = 500;
/** A focus that follows a key or pointer press this closely is the visitor's own doing. */
const GESTURE_FOCUS_MS = 250;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);

/** A field that takes typing: text-like inputs, text areas and editable content. */
function isTextField(el: Element | null): el is HTMLElement {
  if (el instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(el.type);
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLElement && el.isContentEditable;
}

function hasText(el: HTMLElement): boolean {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value !== '';
  return (el.textContent ?? '') !== '';
}

/**
 * An open menu, popover or suggestion list: the account menu, the wish list panel, the phone
 * header's menu, a category popover (the header and navigation disclosures) or any combobox's
 * suggestions. Other expanded sections of a page (an accordion of content) are not menus.
 */
function menuOpen(doc: Document): boolean {
  const toggles = doc.querySelectorAll('header [aria-expanded="true"], nav [aria-expanded="true"], [role="combobox"][aria-expanded="true"]');
  // Only toggles on screen: the phone header's menu button is not shown on wider screens.
  return Array.from(toggles).some((toggle) => toggle.getClientRects().length > 0);
}

export interface VisitorActivity {
  /**
   * 0 when a modal may open now; otherwise how many ms to wait before asking again: until the
   * typing has been quiet for POPUP_IDLE_MS, or POPUP_RECHECK_MS while a menu is open, a text
   * field is in use or another modal is up.
   */
  waitBeforeInterrupting(now: number): number;
  stop(): void;
}

/**
 * Starts watching the document. A text field is "in use" while it has focus and the visitor put
 * it there (a press or a key just before), typed in it, or it holds text; a field focused by the
 * page itself and left empty is not (the popup returns the focus to it when it closes).
 */
export function watchVisitorActivity(doc: Document = document): VisitorActivity {
  let lastTypedAt = Number.NEGATIVE_INFINITY;
  // Native event times (not Date.now(), which a test's fake clock may hold still).
  let lastGestureStamp = Number.NEGATIVE_INFINITY;
  let engaged: Element | null = null;

  const onTyping = (e: Event) => {
    lastTypedAt = Date.now();
    if (e.type === 'keydown') lastGestureStamp = e.timeStamp;
    if (e.type !== 'keydown' && isTextField(e.target as Element)) engaged = e.target as Element;
  };
  const onPointer = (e: Event) => {
    lastGestureStamp = e.timeStamp;
  };
  const onFocusIn = (e: FocusEvent) => {
    const target = e.target as Element;
    if (isTextField(target) && e.timeStamp - lastGestureStamp < GESTURE_FOCUS_MS) engaged = target;
  };
  const onFocusOut = (e: FocusEvent) => {
    if (e.target === engaged) engaged = null;
  };

  const typing = ['keydown', 'input', 'compositionstart', 'compositionupdate'] as const;
  for (const type of typing) doc.addEventListener(type, onTyping, true);
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);

  return {
    waitBeforeInterrupting(now) {
      const quietFor = now - lastTypedAt;
      if (quietFor < POPUP_IDLE_MS) return Math.max(POPUP_IDLE_MS - quietFor, 1);
      const active = doc.activeElement;
      const fieldInUse = isTextField(active) && (active === engaged || hasText(active));
      if (fieldInUse || menuOpen(doc) || doc.querySelector('dialog[open]')) return POPUP_RECHECK_MS;
      return 0;
    },
    stop() {
      for (const type of typing) doc.removeEventListener(type, onTyping, true);
      doc.removeEventListener('pointerdown', onPointer, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      doc.removeEventListener('focusout', onFocusOut, true);
    },
  };
}
