import { useMemo } from 'react';
import { DatePicker } from '../../components/ui/date-picker';
import { TextField } from '../../components/ui/form-field';
import { timeZoneNames } from '../../lib/dates';

/**
 * The deadline as a day (the calendar picker, today or later), a time of day and the time zone
 * they are in (the browser's to start with; any IANA name, suggested as one types). Three grid
 * cells: the parent lays them out. `idPrefix` gives `${idPrefix}-deadline` (the picker's box),
 * `${idPrefix}-deadlineTime` and `${idPrefix}-deadlineTimeZone`.
 */
export function DeadlineFields({
  idPrefix,
  day,
  time,
  zone,
  minDay,
  errors,
  disabled,
  onDay,
  onTime,
  onZone,
}: {
  idPrefix: string;
  day: string | null;
  time: string;
  zone: string;
  minDay: string;
  errors: { deadline?: string; deadlineTime?: string; deadlineTimeZone?: string };
  disabled?: boolean;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
  onZone: (zone: string) => void;
}) {
  const zones = useMemo(timeZoneNames, []);
  return (
    <>
      <div id={`${idPrefix}-deadline`}>
        <DatePicker
          label="Deadline"
          value={day}
          min={minDay}
          disabled={disabled}
          error={errors.deadline}
          onChange={onDay}
        />
      </div>
      <TextField
        id={`${idPrefix}-deadlineTime`}
        label="Deadline time"
        type="time"
        required
        value={time}
        disabled={disabled}
        hint={zone ? `Time in ${zone}.` : 'Choose a time zone.'}
        error={errors.deadlineTime}
        onChange={(e) => onTime(e.target.value)}
      />
      <TextField
        id={`${idPrefix}-deadlineTimeZone`}
        label="Time zone"
        required
        value={zone}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        list={`${idPrefix}-timeZones`}
        hint="Yours to start with; students see the deadline in their own."
        error={errors.deadlineTimeZone}
        onChange={(e) => onZone(e.target.value)}
      />
      <datalist id={`${idPrefix}-timeZones`}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}
