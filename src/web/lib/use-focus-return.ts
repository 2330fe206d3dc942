import { useRef } from 'react';

/**
 * Gives focus back to a control that is unmounted while something takes its place (an inline
 * editor, a form) and then comes back, so a keyboard user is not dropped at the top of the page.
 * Call `returnTo(key)` as the replacement closes and give the control `ref={focusRef(key)}`: it
 * takes focus as it mounts again. `key` tells apart several such controls (one per table row).
 */
export function useFocusReturn<K extends string | boolean = true>() {
  const pending = useRef<K | null>(null);
  return {
    returnTo: (key: K) => {
      pending.current = key;
    },
    focusRef: (key: K) => (el: HTMLElement | null) => {
      if (!el || pending.current !== key) return;
      pending.current = null;
      el.focus();
    },
  };
}
