import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AssignmentDetail } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toIsoDate } from '../../components/ui/calendar';
import { ProgressBar } from '../../components/ui/progress-bar';
import { AssignmentFilesFields } from './assignment-files-fields';
import { useInvalidateAssignments, useOwnClasses, uploadUrls } from './assignments-api';
import {
  createFormData,
  validateCreate,
  type CreateField,
  type CreateValues,
} from './create-rules';
import { fieldErrors } from './field-errors';
import { DeadlineFields } from './deadline-fields';
import { DEFAULT_DEADLINE_TIME } from './format';
import { formatDate, timeZoneName } from '../../lib/dates';
import { controlClass, Field, TextArea, TextField } from '../../components/ui/form-field';
import { useUpload } from './use-upload';

const empty: CreateValues = {
  title: '',
  deadline: null,
  deadlineTime: DEFAULT_DEADLINE_TIME,
  deadlineTimeZone: '',
  totalMarks: '',
  diagramKeywords: '',
  description: '',
  questionPaper: null,
  modelAnswer: null,
  diagram: null,
};

/** The teacher's Create Assignment form: fields, files with client checks, upload progress. */
export function CreateAssignmentForm() {
  const navigate = useNavigate();
  const invalidate = useInvalidateAssignments();
  const upload = useUpload<AssignmentDetail>();
  const [values, setValues] = useState<CreateValues>(() => ({
    ...empty,
    deadlineTimeZone: timeZoneName(),
  }));
  const [errors, setErrors] = useState<Partial<Record<CreateField | 'classId', string>>>({});
  const [general, setGeneral] = useState<string>();
  const [created, setCreated] = useState(false);
  // The class it belongs to: from ?class= when the class page's "Add an assignment" led here.
  const [params] = useSearchParams();
  const [classId, setClassId] = useState(params.get('class') ?? '');
  const classes = useOwnClasses();
  const today = toIsoDate(new Date());

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => void navigate('/dashboard'), 1000);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  const set = <K extends CreateField>(field: K, value: CreateValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(undefined);
    const found = validateCreate(values, new Date());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return focusField(first);
    try {
      const form = createFormData(values);
      if (classId) form.append('classId', classId);
      await upload.send(uploadUrls.create, form);
      await invalidate();
      setCreated(true);
    } catch (err) {
      const { fields, general: rest } = fieldErrors(err);
      setErrors(fields);
      setGeneral(rest);
      const firstField = Object.keys(fields)[0];
      if (firstField) focusField(firstField);
    }
  };

  const locked = upload.busy || created;
  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5" aria-busy={upload.busy}>
      {general ? (
        <Alert tone="error" title="The assignment was not created.">
          {general}
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {classes.data?.length ? (
          <div className="md:col-span-2">
            <Field id="field-classId" label="Class (optional)" error={errors.classId}>
              <select
                id="field-classId"
                value={classId}
                disabled={locked}
                className={controlClass}
                onChange={(e) => setClassId(e.target.value)}
              >
                <option value="">No class: share the assignment's own code</option>
                {classes.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.section ? `${c.name} (${c.section})` : c.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        ) : null}
        <div className="md:col-span-2">
          <TextField
            id="field-title"
            label="Title"
            value={values.title}
            required
            maxLength={200}
            disabled={locked}
            error={errors.title}
            onChange={(e) => set('title', e.target.value)}
          />
        </div>
        <TextField
          id="field-created"
          label="Creation date"
          value={formatDate(new Date())}
          readOnly
        />
        <DeadlineFields
          idPrefix="field"
          day={values.deadline}
          time={values.deadlineTime}
          zone={values.deadlineTimeZone}
          minDay={today}
          disabled={locked}
          errors={errors}
          onDay={(d) => set('deadline', d)}
          onTime={(t) => set('deadlineTime', t)}
          onZone={(z) => set('deadlineTimeZone', z)}
        />
        <TextField
          id="field-totalMarks"
          label="Total marks"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          required
          value={values.totalMarks}
          disabled={locked}
          hint="A whole number from 0 to 1000."
          error={errors.totalMarks}
          onChange={(e) => set('totalMarks', e.target.value)}
        />
        <TextField
          id="field-diagramKeywords"
          label="Diagram keywords (optional)"
          value={values.diagramKeywords}
          disabled={locked}
          error={errors.diagramKeywords}
          placeholder="e.g. chloroplast, stomata, xylem"
          hint="Comma-separated labels the diagram analyser looks for in students' diagrams."
          onChange={(e) => set('diagramKeywords', e.target.value)}
        />
      </div>
      <AssignmentFilesFields
        files={values}
        errors={errors}
        disabled={locked}
        onChange={(field, file) => set(field, file)}
        onRefuse={(field, message) => setErrors((e) => ({ ...e, [field]: message }))}
      />
      <TextArea
        id="field-description"
        label="Description (optional)"
        value={values.description}
        disabled={locked}
        error={errors.description}
        rows={5}
        onChange={(e) => set('description', e.target.value)}
      />
      {upload.progress !== null ? (
        <ProgressBar
          value={upload.progress}
          label={upload.progress < 1 ? 'Uploading files' : 'Checking and saving files'}
        />
      ) : null}
      {created ? (
        <Alert tone="info" title={messages.createdTitle}>
          {messages.createdText}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" block disabled={locked} className="sm:w-auto">
        {upload.busy ? 'Creating…' : 'Create Assignment'}
      </Button>
    </form>
  );
}

/** Moves focus to a field (or its first control) so keyboard and screen-reader users land on the problem. */
function focusField(field: string) {
  const el = document.getElementById(`field-${field}`);
  const target = el?.matches('input, textarea, button')
    ? el
    : el?.querySelector<HTMLElement>('input, textarea, button');
  target?.focus();
}
