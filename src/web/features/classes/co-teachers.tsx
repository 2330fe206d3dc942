import { useState, type FormEvent } from 'react';
import type { ClassDetail } from '../../../shared/classes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { useAddCoTeacher, useRemoveCoTeacher } from './classes-api';

/** Who teaches the class; its owner may add co-teachers by email and take them off. */
export function CoTeachers({ c }: { c: ClassDetail }) {
  const add = useAddCoTeacher(c.id);
  const remove = useRemoveCoTeacher(c.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const owner = c.role === 'owner' && !c.archived;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await add.mutateAsync(email);
      setEmail('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <div className="space-y-3">
      <ul className="space-y-1">
        {(c.teachers ?? []).map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-3 text-slate-800">
            <span>
              {t.name} <span className="text-slate-600">({t.email})</span>
              {t.role === 'owner' ? ' · owner' : ' · co-teacher'}
            </span>
            {owner && t.role === 'co-teacher' ? (
              <Button
                variant="link"
                size="sm"
                aria-label={`Remove ${t.name} as co-teacher`}
                onClick={() => void remove.mutateAsync(t.id)}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner ? (
        <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextField
              id="co-teacher-email"
              label="Add a co-teacher (their teacher account's email)"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" busy={add.isPending}>
            Add co-teacher
          </Button>
        </form>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
