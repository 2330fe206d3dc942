import { useEffect, type RefObject } from 'react';

/**
 * While `active`, closes a popup on Escape (returning focus to the button that opened it) and on a
 * pointer press outside both the popup and that button.
 */
export function useDismiss(
  active: boolean,
  popup: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
  onDismiss: () => void,
) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onDismiss();
      opener.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !opener.current?.contains(target)) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [active, popup, opener, onDismiss]);
}
