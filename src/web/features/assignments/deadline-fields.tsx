import { DatePicker } from '../../components/ui/date-picker';
import { TextField } from '../../components/ui/form-field';
import { timeZoneName } from '../../lib/dates';

/**
 * The deadline as a day (the calendar picker, today or later) and a time of day, both in the
 * browser's time zone, which the time field names. Two grid cells: the parent lays them out.
 * `idPrefix` gives `${idPrefix}-deadline` (the picker's box) and `${idPrefix}-deadlineTime`.
 */
export function DeadlineFields({
  idPrefix,
  day,
  time,
  minDay,
  errors,
  disabled,
  onDay,
  onTime,
}: {
  idPrefix: string;
  day: string | null;
  time: string;
  minDay: string;
  errors: { deadline?: string; deadlineTime?: string };
  disabled?: boolean;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
}) {
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
        hint={`Local time (${timeZoneName()}).`}
        error={errors.deadlineTime}
        onChange={(e) => onTime(e.target.value)}
      />
    </>
  );
}
