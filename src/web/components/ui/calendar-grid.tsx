import { useEffect, useRef, type KeyboardEvent } from 'react';
import { addDays, addMonths, fromIsoDate, longDate, monthGrid, WEEKDAYS } from './calendar';

/**
 * One month of day buttons with a weekday header. Arrow keys move by day or week, PageUp/PageDown
 * by month, Home/End to the week's ends; days before `min` are disabled. One day is in the tab
 * order (`focused`), the rest are reached with the keys.
 */
export function CalendarGrid({
  year,
  month,
  min,
  selected,
  focused,
  today,
  labelledBy,
  onFocusDay,
  onSelect,
}: {
  year: number;
  month: number;
  min: string;
  selected: string | null;
  focused: string;
  today: string;
  labelledBy: string;
  onFocusDay: (iso: string) => void;
  onSelect: (iso: string) => void;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const keyboardMoved = useRef(false);

  useEffect(() => {
    if (!keyboardMoved.current) return;
    keyboardMoved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const handleKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -((fromIsoDate(focused).getDay() + 6) % 7)),
      End: () => addDays(focused, 6 - ((fromIsoDate(focused).getDay() + 6) % 7)),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const next = move();
    keyboardMoved.current = true;
    onFocusDay(next < min ? min : next);
  };

  return (
    <table
      ref={grid}
      role="grid"
      aria-labelledby={labelledBy}
      className="w-full table-fixed border-collapse text-center"
      onKeyDown={handleKey}
    >
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th
              key={short}
              scope="col"
              abbr={long}
              className="pb-1 text-xs font-medium text-slate-600"
            >
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(year, month).map((week, i) => (
          <tr key={i}>
            {week.map((day, j) => (
              <td key={day ?? `empty-${i}-${j}`} className="p-0.5">
                {day ? (
                  <DayButton
                    day={day}
                    disabled={day < min}
                    selected={day === selected}
                    isToday={day === today}
                    tabbable={day === focused}
                    onSelect={onSelect}
                  />
                ) : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayButton({
  day,
  disabled,
  selected,
  isToday,
  tabbable,
  onSelect,
}: {
  day: string;
  disabled: boolean;
  selected: boolean;
  isToday: boolean;
  tabbable: boolean;
  onSelect: (iso: string) => void;
}) {
  const look = selected
    ? 'bg-brand-700 text-white'
    : disabled
      ? 'text-slate-400 line-through'
      : 'text-slate-900 hover:bg-brand-100';
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      disabled={disabled}
      aria-pressed={selected}
      aria-current={isToday ? 'date' : undefined}
      aria-label={longDate(day) + (isToday ? ', today' : '')}
      onClick={() => onSelect(day)}
      className={`h-9 w-full rounded-md text-sm disabled:cursor-not-allowed ${look} ${
        isToday && !selected ? 'font-bold ring-1 ring-brand-600' : ''
      }`}
    >
      {Number(day.slice(8))}
    </button>
  );
}
