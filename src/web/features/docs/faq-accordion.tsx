import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * Questions and answers where one answer is open at a time. Each question is a button
 * (aria-expanded, aria-controls); Up/Down move between questions, Home/End jump to the ends.
 */
export function FaqAccordion({
  items,
  initiallyOpen = 0,
}: {
  items: ReadonlyArray<{ question: string; answer: string }>;
  initiallyOpen?: number | null;
}) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();

  const handleKey = (e: KeyboardEvent, i: number) => {
    const last = items.length - 1;
    const target = {
      ArrowDown: i === last ? 0 : i + 1,
      ArrowUp: i === 0 ? last : i - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={item.question}>
            <h2>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                onKeyDown={(e) => handleKey(e, i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6"
              >
                <span>{item.question}</span>
                <svg
                  viewBox="0 0 24 24"
                  className={`h-5 w-5 shrink-0 text-slate-600 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 leading-relaxed text-slate-700 sm:px-6"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
