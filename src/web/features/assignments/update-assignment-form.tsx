import { useState, type FormEvent } from 'react';
import type { AssignmentDetail, UpdateAssignmentBody } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { toIsoDate } from '../../components/ui/calendar';
import { useUpdateAssignment } from './assignments-api';
import { deadlineErrors, totalMarksError } from './create-rules';
import { DeadlineFields } from './deadline-fields';
import { fieldErrors } from './field-errors';
import { dayAndTimeIn, formatDate, timeZoneName } from '../../lib/dates';
import { TextArea, TextField } from '../../components/ui/form-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

type Field =
  'title' | 'deadline' | 'deadlineTime' | 'deadlineTimeZone' | 'totalMarks' | 'description';

/** The teacher's Update Assignment form: title, today's date, deadline, total marks, details. */
export function UpdateAssignmentForm({
  assignment,
  onDone,
}: {
  assignment: AssignmentDetail;
  onDone: (saved: boolean) => void;
}) {
  const update = useUpdateAssignment(assignment.code);
  const [title, setTitle] = useState(assignment.title);
  // the zone it was set in; deadlines from before zones (UTC) start in the teacher's own
  const [initial] = useState(() => {
    const zone =
      assignment.deadlineTimeZone === 'UTC' ? timeZoneName() : assignment.deadlineTimeZone;
    return { ...dayAndTimeIn(assignment.deadline, zone), zone };
  });
  const [deadline, setDeadline] = useState(initial.day);
  const [deadlineTime, setDeadlineTime] = useState(initial.time);
  const [deadlineTimeZone, setDeadlineTimeZone] = useState(initial.zone);
  const [totalMarks, setTotalMarks] = useState(String(assignment.totalMarks));
  const [description, setDescription] = useState(assignment.description);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string>();
  const today = toIsoDate(new Date());
  const deadlineChanged =
    deadline !== initial.day || deadlineTime !== initial.time || deadlineTimeZone !== initial.zone;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (!title.trim()) found.title = messages.titleRequired;
    if (deadlineChanged)
      Object.assign(found, deadlineErrors(deadline, deadlineTime, deadlineTimeZone, new Date()));
    const marksProblem = totalMarksError(totalMarks);
    if (marksProblem) found.totalMarks = marksProblem;
    setErrors(found);
    if (Object.keys(found).length) return;
    // an unchanged deadline is not re-sent, so an assignment past its deadline can still be edited
    const body: UpdateAssignmentBody = {
      title: title.trim(),
      description,
      totalMarks: Number(totalMarks),
      ...(deadlineChanged
        ? { deadline: `${deadline}T${deadlineTime}`, deadlineTimeZone: deadlineTimeZone.trim() }
        : {}),
    };
    try {
      await update.mutateAsync(body);
      onDone(true);
    } catch (err) {
      const { fields, general: rest } = fieldErrors(err);
      setErrors(fields);
      setGeneral(rest);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="update-heading" className="space-y-4">
      <h2 id="update-heading" className="text-lg font-semibold text-slate-900">
        Update Assignment
      </h2>
      {general ? <Alert tone="error">{general}</Alert> : null}
      <TextField
        id="update-title"
        label="Title"
        value={title}
        maxLength={200}
        required
        // the form replaces the details when Edit is pressed: keyboard users continue in it
        autoFocus
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="update-today" label="Today's date" value={formatDate(new Date())} readOnly />
        <DeadlineFields
          idPrefix="update"
          day={deadline}
          time={deadlineTime}
          zone={deadlineTimeZone}
          minDay={today}
          errors={errors}
          onDay={setDeadline}
          onTime={setDeadlineTime}
          onZone={setDeadlineTimeZone}
        />
        <TextField
          id="update-totalMarks"
          label="Total marks"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          required
          value={totalMarks}
          error={errors.totalMarks}
          onChange={(e) => setTotalMarks(e.target.value)}
        />
      </div>
      <TextArea
        id="update-description"
        label="Details"
        rows={5}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update Assignment'}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => onDone(false)}
          disabled={update.isPending}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
