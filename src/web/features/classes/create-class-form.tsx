import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { classMessages, MAX_CLASS_TEXT } from '../../../shared/classes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { useCreateClass } from './classes-api';

/** A teacher's new class: name, section, term and the term's last day; then its page. */
export function CreateClassForm() {
  const navigate = useNavigate();
  const create = useCreateClass();
  const [values, setValues] = useState({ name: '', section: '', term: '', termEndsOn: '' });
  const [error, setError] = useState<string>();
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!values.name.trim()) return setError(classMessages.nameRequired);
    try {
      const c = await create.mutateAsync({ ...values, termEndsOn: values.termEndsOn || null });
      void navigate(`/dashboard/classes/${c.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="New class">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="class-name"
          label="Class name"
          required
          maxLength={MAX_CLASS_TEXT}
          value={values.name}
          onChange={set('name')}
        />
        <TextField
          id="class-section"
          label="Section (optional)"
          maxLength={MAX_CLASS_TEXT}
          value={values.section}
          onChange={set('section')}
        />
        <TextField
          id="class-term"
          label="Term (optional)"
          maxLength={MAX_CLASS_TEXT}
          placeholder="e.g. Spring 2027"
          value={values.term}
          onChange={set('term')}
        />
        <TextField
          id="class-term-ends"
          label="Last day of term (optional)"
          type="date"
          hint="The class is archived after this day."
          value={values.termEndsOn}
          onChange={set('termEndsOn')}
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create class'}
      </Button>
    </form>
  );
}
