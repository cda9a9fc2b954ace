import { useEffect, useId, useRef, useState } from 'react';
import { reportClientError } from '../../errors/report.ts';
import { useFormErrors } from '../../ui/form-errors.ts';

/**
 * What every action of a voucher card (refund, credit, expired credit, return, gift) does the
 * same way: a disclosure (the toggle opens the panel; opening moves focus to its heading, closing
 * brings it back to the toggle), one request at a time (`busy`), a failed request reported and
 * said in the panel's error summary in the action's own words, and the message of what was done,
 * focused when it appears. `onClose` resets what the action's own fields hold.
 */
export function useActionPanel({ onClose }: { onClose?: () => void } = {}) {
  const uid = useId();
  const form = useFormErrors();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (open) titleRef.current?.focus();
    else if (opened.current) toggleRef.current?.focus();
    opened.current = open;
  }, [open]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const close = () => {
    setOpen(false);
    onClose?.();
    form.clear();
  };

  /**
   * Sends `request` unless one is on its way; its answer, or null when none came (the request
   * itself failed: reported, and `unreachable` shown in the panel).
   */
  async function send<T>(request: () => Promise<T>, unreachable: string): Promise<T | null> {
    if (busy) return null;
    setBusy(true);
    form.clear();
    try {
      return await request();
    } catch (error) {
      reportClientError(error);
      form.show([{ field: null, message: unreachable }]);
      return null;
    } finally {
      setBusy(false);
    }
  }

  const panelId = `${uid}-panel`;
  const titleId = `${uid}-title`;
  return {
    uid,
    panelId,
    titleId,
    form,
    open,
    setOpen,
    close,
    busy,
    send,
    done,
    setDone,
    /** The panel's heading's attributes (focused on opening). */
    heading: { id: titleId, ref: titleRef, tabIndex: -1 },
    /** The message of what was done's attributes (focused when it appears). */
    doneMessage: { ref: doneRef, tabIndex: -1 },
    /** The disclosure button's attributes (its words and any description are the action's own). */
    toggle: {
      ref: toggleRef,
      type: 'button' as const,
      className: 'button button--secondary voucher-card__action',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => (open ? close() : setOpen(true)),
    },
  };
}

export type ActionPanelState = ReturnType<typeof useActionPanel>;
