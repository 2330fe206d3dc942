import { useState, type FormEvent } from 'react';
import type { InviteResponse } from '../../../shared/classes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextArea } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { useInvite } from './classes-api';

/**
 * Invites students by email: one address, a pasted list, or a CSV file (read here, in the
 * browser, and sent as text). Shows who was invited and each line that was not used, and why.
 */
export function InviteForm({ classId }: { classId: string }) {
  const invite = useInvite(classId);
  const [text, setText] = useState('');
  const [result, setResult] = useState<InviteResponse | null>(null);
  const [error, setError] = useState<string>();

  const handleFile = async (file: File | undefined) => {
    if (file) setText(await file.text());
  };
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setResult(null);
    try {
      setResult(await invite.mutateAsync(text));
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-label="Invite students">
      <TextArea
        id="invite-addresses"
        label="Email addresses"
        hint="One address, or one per line (commas work too). You can also choose a CSV file below."
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <label htmlFor="invite-csv" className="mb-1.5 block text-sm font-medium text-slate-800">
          Or a CSV file
        </label>
        <input
          id="invite-csv"
          type="file"
          accept=".csv,text/csv,text/plain"
          className="block text-sm text-slate-800"
          onChange={(e) => void handleFile(e.target.files?.[0])}
        />
      </div>
      <Button type="submit" busy={invite.isPending}>
        Send invitations
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {result ? (
        <Alert
          tone={result.problems.length ? 'warning' : 'success'}
          title={`${result.invited.length} invitation${result.invited.length === 1 ? '' : 's'} sent.`}
        >
          {result.problems.length ? (
            <ul className="list-disc pl-5">
              {result.problems.map((p) => (
                <li key={`${p.line} ${p.entry}`}>
                  Line {p.line} ({p.entry}): {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </form>
  );
}
