import { useEffect, useState } from 'react';

/**
 * The id of the section in view: the one crossing a thin band just above the middle of the
 * viewport. When the element `endId` (the page's end) becomes visible, the last section is
 * chosen, since a short last section may never reach the band.
 */
export function useActiveSection(ids: readonly string[], endId: string): string {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    const band = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((e) => e.isIntersecting);
        if (hit) setActive(hit.target.id);
      },
      { rootMargin: '-40% 0px -55% 0px' },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) band.observe(el);
    }
    const end = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setActive(ids.at(-1) ?? '');
    });
    const endEl = document.getElementById(endId);
    if (endEl) end.observe(endEl);
    return () => {
      band.disconnect();
      end.disconnect();
    };
  }, [ids, endId]);
  return active;
}
