import { useEffect } from 'react';

/**
 * Scrolls to the section named in the address (/#contact) once the page has rendered: the
 * browser's own jump happens before this lazily loaded page exists.
 */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}
