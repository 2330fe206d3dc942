import { useState, type FormEvent } from 'react';
import type { ExtensionEntry } from '../../../shared/late-work';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { formatDeadline, localDateTimeInput, timeZoneName } from '../../lib/dates';
import { useClearExtension, useExtensions, useSetExtension } from './late-work-api';

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Extensions: every joined student with her own deadline, "Give extension" (or change it) and
 * "Remove extension". A student who has handed in keeps her hand-in's lateness, so she gets no
 * button. One student's form is open at a time.
 */
export function ExtensionsPanel({ code }: { code: string }) {
  const list = useExtensions(code);
  const [open, setOpen] = useState<string | null>(null);
  const students = list.data?.students ?? [];
  return (
    <section aria-labelledby={`${code}-extensions`} className="border-t border-slate-200 pt-3">
      <h2 id={`${code}-extensions`} className="text-base font-semibold text-slate-900">
        Extensions
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Give one student a later deadline of her own. Before it, her hand-in is on time.
      </p>
      {list.isError ? (
        <Alert tone="error">{errorText(list.error, 'The students could not be loaded.')}</Alert>
      ) : null}
      {list.isSuccess && students.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No student has joined yet.</p>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {students.map((s) => (
          <ExtensionRow
            key={s.studentId}
            code={code}
            student={s}
            open={open === s.studentId}
            onOpen={() => setOpen(s.studentId)}
            onClose={() => setOpen(null)}
          />
        ))}
      </ul>
    </section>
  );
}

function ExtensionRow({
  code,
  student: s,
  open,
  onOpen,
  onClose,
}: {
  code: string;
  student: ExtensionEntry;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const clear = useClearExtension(code);
  return (
    <li className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <span className="break-words">
        <span className="font-medium text-slate-900">{s.studentName}</span>
        <span className="text-slate-700">
          {s.deadline
            ? ` — extended to ${formatDeadline(s.deadline)}`
            : ' — the assignment’s deadline'}
          {s.handedIn ? ' · handed in' : ''}
        </span>
      </span>
      {s.handedIn || open ? null : (
        <span className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onOpen}>
            {s.deadline ? 'Change extension' : 'Give extension'}
            <span className="sr-only"> to {s.studentName}</span>
          </Button>
          {s.deadline ? (
            <Button
              variant="danger-outline"
              size="sm"
              aria-disabled={clear.isPending}
              onClick={() => !clear.isPending && clear.mutate(s.studentId)}
            >
              Remove extension<span className="sr-only"> of {s.studentName}</span>
            </Button>
          ) : null}
        </span>
      )}
      {clear.isError ? (
        <Alert tone="error">{errorText(clear.error, 'The extension could not be removed.')}</Alert>
      ) : null}
      {open ? <ExtensionForm code={code} student={s} onClose={onClose} /> : null}
    </li>
  );
}

function ExtensionForm({
  code,
  student,
  onClose,
}: {
  code: string;
  student: ExtensionEntry;
  onClose: () => void;
}) {
  const save = useSetExtension(code);
  const [until, setUntil] = useState(localDateTimeInput(student.deadline));
  const zone = timeZoneName();
  const inputId = `${code}-extension-${student.studentId}`;
  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { studentId: student.studentId, body: { deadline: until, deadlineTimeZone: zone } },
      { onSuccess: onClose },
    );
  };
  return (
    <form
      onSubmit={handleSave}
      aria-label={`Extension for ${student.studentName}`}
      className="flex basis-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label htmlFor={inputId} className="flex flex-col gap-1">
        <span>
          New deadline for {student.studentName} ({zone})
        </span>
        <input
          id={inputId}
          type="datetime-local"
          required
          autoFocus
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-400 px-3"
        />
      </label>
      <span className="flex gap-2">
        <Button type="submit" size="sm" aria-disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save extension'}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </span>
      {save.isError ? (
        <div className="basis-full">
          <Alert tone="error">{errorText(save.error, 'The extension could not be saved.')}</Alert>
        </div>
      ) : null}
    </form>
  );
}
