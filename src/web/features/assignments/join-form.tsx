import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CLASS_CODE_EXAMPLE } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { useJoinAssignment } from './assignments-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** `lasts`: a closed assignment stays closed, so its message stays instead of fading after 2 s. */
type Outcome = { tone: 'info' | 'error'; title: string; text: string; lasts?: boolean };

/**
 * The student's Join Assignment form. Success shows the spec's message and goes to the dashboard
 * after 1 s; an unknown code shows "Not Valid !" for 2 s; a code whose deadline has passed says the
 * assignment is closed until the code is changed.
 */
export function JoinForm() {
  const navigate = useNavigate();
  const join = useJoinAssignment();
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome || outcome.lasts) return;
    const joined = outcome.tone === 'info';
    const timer = window.setTimeout(
      () => (joined ? void navigate('/dashboard') : setOutcome(null)),
      joined ? 1000 : 2000,
    );
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (join.isPending) return;
    try {
      await join.mutateAsync(code);
      setOutcome({
        tone: 'info',
        title: messages.joinSucceededTitle,
        text: messages.joinSucceededText,
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'assignment_closed') {
        return setOutcome({
          tone: 'error',
          title: messages.assignmentClosedTitle,
          text: err.message,
          lasts: true,
        });
      }
      const invalid = err instanceof ApiError && [400, 404].includes(err.status);
      setOutcome({
        tone: 'error',
        title: invalid ? messages.joinFailedTitle : 'Could not join',
        text: invalid || !(err instanceof ApiError) ? messages.joinFailedText : err.message,
      });
    }
  };

  const joined = outcome?.tone === 'info';
  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <label htmlFor="class-code" className="block font-medium text-slate-800">
        Enter class code provided by teacher.
      </label>
      <input
        id="class-code"
        name="code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (outcome?.lasts) setOutcome(null);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        required
        disabled={joined}
        placeholder={`e.g. ${CLASS_CODE_EXAMPLE}`}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-lg tracking-wider text-slate-900 uppercase placeholder:text-slate-500 placeholder:normal-case"
      />
      <Button type="submit" size="lg" block disabled={join.isPending || joined || !code.trim()}>
        {join.isPending ? 'Joining…' : 'Join Assignment'}
      </Button>
      <div aria-live="polite">
        {outcome ? (
          <Alert tone={outcome.tone} title={outcome.title}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
