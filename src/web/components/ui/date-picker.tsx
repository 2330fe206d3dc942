import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { addMonths, fromIsoDate, MONTHS, shortDate, toIsoDate } from './calendar';
import { CalendarGrid } from './calendar-grid';

/**
 * A date field that opens a calendar dialog: Prev/Next, month select, year input (minimum: the
 * year of `min`), weekday header, Cancel and Apply. Only `min` and later can be chosen.
 * Values are local dates "YYYY-MM-DD".
 */
export function DatePicker({
  label,
  value,
  min,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: string | null;
  min: string;
  onChange: (iso: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </span>
      <button
        ref={opener}
        type="button"
        disabled={disabled}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen(true)}
        className={`flex w-full items-center justify-between rounded-lg border bg-white px-3 py-2 text-left ${
          error ? 'border-red-600' : 'border-slate-300'
        } disabled:opacity-60`}
      >
        <span id={`${id}-value`} className={value ? 'text-slate-900' : 'text-slate-600'}>
          {value ? shortDate(value) : 'Choose a date'}
        </span>
        <CalendarIcon />
      </button>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        aria-label={`${label}: choose a date`}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        className="m-auto w-[min(22rem,calc(100vw-1rem))] rounded-xl p-3 shadow-xl sm:p-4 backdrop:bg-slate-900/40"
      >
        {open ? (
          <CalendarPanel
            initial={value && value >= min ? value : min}
            min={min}
            selected={value}
            onCancel={close}
            onApply={(iso) => {
              onChange(iso);
              close();
            }}
          />
        ) : null}
      </dialog>
    </div>
  );
}

function CalendarPanel({
  initial,
  min,
  selected,
  onCancel,
  onApply,
}: {
  initial: string;
  min: string;
  selected: string | null;
  onCancel: () => void;
  onApply: (iso: string) => void;
}) {
  const id = useId();
  const [focused, setFocused] = useState(initial);
  const [draft, setDraft] = useState<string | null>(selected);
  const view = fromIsoDate(focused);
  const year = view.getFullYear();
  const month = view.getMonth();
  const minYear = fromIsoDate(min).getFullYear();
  // what the user is typing in the year box, until it leaves the box
  const [yearDraft, setYearDraft] = useState<string | null>(null);

  const go = (iso: string) => setFocused(iso < min ? min : iso);
  const goTo = (y: number, m: number) => {
    const day = Math.min(view.getDate(), new Date(y, m + 1, 0).getDate());
    go(toIsoDate(new Date(y, m, day)));
  };
  const atMinMonth = focused.slice(0, 7) <= min.slice(0, 7);

  return (
    <div>
      <h2 id={`${id}-month`} className="sr-only" aria-live="polite">
        {MONTHS[month]} {year}
      </h2>
      <div className="mb-3 flex items-center gap-1.5">
        <NavButton label="Prev" disabled={atMinMonth} onClick={() => go(addMonths(focused, -1))} />
        <select
          aria-label="Month"
          value={month}
          onChange={(e) => goTo(year, Number(e.target.value))}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-1.5 py-1.5 text-sm"
        >
          {MONTHS.map((name, i) => (
            <option
              key={name}
              value={i}
              disabled={year === minYear && i < fromIsoDate(min).getMonth()}
            >
              {name}
            </option>
          ))}
        </select>
        <input
          aria-label="Year"
          type="number"
          inputMode="numeric"
          min={minYear}
          max={minYear + 50}
          value={yearDraft ?? String(year)}
          onChange={(e) => {
            setYearDraft(e.target.value);
            const y = Number(e.target.value);
            if (Number.isInteger(y) && y >= minYear && y <= minYear + 50) goTo(y, month);
          }}
          onBlur={() => setYearDraft(null)}
          className="w-[4.5rem] rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
        <NavButton label="Next" onClick={() => go(addMonths(focused, 1))} />
      </div>
      <CalendarGrid
        year={year}
        month={month}
        min={min}
        selected={draft}
        focused={focused}
        today={toIsoDate(new Date())}
        labelledBy={`${id}-month`}
        onFocusDay={setFocused}
        onSelect={(iso) => {
          setDraft(iso);
          setFocused(iso);
        }}
      />
      <p className="mt-2 min-h-5 text-sm text-slate-700" aria-live="polite">
        {draft ? `Selected: ${shortDate(draft)}` : 'Pick a day, then Apply.'}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!draft} onClick={() => draft && onApply(draft)}>
          Apply
        </Button>
      </div>
    </div>
  );
}

function NavButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" size="sm" disabled={disabled} onClick={onClick}>
      {label}
      <span className="sr-only"> month</span>
    </Button>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 text-slate-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
