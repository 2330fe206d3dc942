import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AssignmentDetail, SubmissionRow } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { FileDropZone } from '../../components/ui/file-drop-zone';
import { ProgressBar } from '../../components/ui/progress-bar';
import { uploadUrls, useInvalidateAssignments } from './assignments-api';
import { FileLink } from './file-link';
import { acceptFor, checkFile } from './file-rules';
import { formatDateTime, formatDeadline } from '../../lib/dates';
import { fieldErrors } from './field-errors';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { useUpload } from './use-upload';

/** The student's side: the question paper, one PDF answer before the deadline, then the submitted state. */
export function StudentPanel({ assignment }: { assignment: AssignmentDetail }) {
  const [justSubmitted, setJustSubmitted] = useState(false);
  const submitted = justSubmitted || assignment.hasSubmitted;
  const gradesUrl = `/dashboard/gradetable/${encodeURIComponent(assignment.code)}`;
  return (
    <div className="space-y-5">
      {assignment.hasQuestionPaper ? (
        <FileLink code={assignment.code} kind="question-paper" label="Download Question Paper" />
      ) : null}
      {submitted ? (
        <Alert tone="success" title={messages.submitted}>
          {assignment.submittedAt ? `Handed in on ${formatDateTime(assignment.submittedAt)}. ` : ''}
          {assignment.isPastDeadline ? (
            <>
              {messages.marksAvailable}{' '}
              <Link to={gradesUrl} className="font-semibold underline hover:text-emerald-950">
                {messages.seeYourMarks}
              </Link>
              .
            </>
          ) : (
            messages.marksComeAfterDeadline
          )}
        </Alert>
      ) : assignment.isPastDeadline ? (
        <Alert tone="error" title="The deadline has passed">
          Submissions closed on {formatDeadline(assignment.deadline)} and no answer was handed in.
        </Alert>
      ) : (
        <UploadAnswer code={assignment.code} onSubmitted={() => setJustSubmitted(true)} />
      )}
      <Link to={gradesUrl} className={buttonClass({ variant: 'outline' })}>
        Show Grades
      </Link>
    </div>
  );
}

function UploadAnswer({ code, onSubmitted }: { code: string; onSubmitted: () => void }) {
  const upload = useUpload<SubmissionRow>();
  const invalidate = useInvalidateAssignments();
  const [file, setFile] = useState<File | null>(null);
  // the drop zone's own line: no file chosen, a refused pick, or the server's word on the file
  const [fileError, setFileError] = useState<string>();
  const [error, setError] = useState<string>();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!file) {
      setFileError(messages.selectFileToSubmit);
      document.getElementById('answer-file')?.focus();
      return;
    }
    const form = new FormData();
    form.append('answer', file);
    try {
      await upload.send(uploadUrls.submission(code), form);
      onSubmitted();
    } catch (err) {
      const { fields, general } = fieldErrors(err);
      if (fields.answer) setFileError(fields.answer);
      else setError(general ?? 'The answer could not be submitted.');
    }
    // counts, hasSubmitted and deadline state all change on the server either way
    await invalidate();
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="upload-heading" className="space-y-4">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        Upload Assignment
      </h2>
      {error ? (
        <Alert tone="error" title="Not submitted">
          {error}
        </Alert>
      ) : null}
      <FileDropZone
        label="Your answer (PDF)"
        prompt="Click to upload your Assignment or drag and drop"
        hint="PDF (under 500kb)"
        accept={acceptFor.pdf}
        file={file}
        name="answer"
        inputId="answer-file"
        disabled={upload.busy}
        error={fileError}
        onFile={(picked) => {
          const problem = checkFile(picked, 'pdf');
          if (problem) return setFileError(problem);
          // a good file answers the earlier refusal: do not leave its message beside the new choice
          setFileError(undefined);
          setError(undefined);
          setFile(picked);
        }}
        onClear={() => setFile(null)}
      />
      <p className="text-sm text-slate-700">
        You can submit once; the answer cannot be changed afterwards.
      </p>
      {upload.progress !== null ? (
        <ProgressBar
          value={upload.progress}
          label={upload.progress < 1 ? 'Uploading answer' : 'Checking the PDF'}
        />
      ) : null}
      <Button type="submit" size="lg" block disabled={upload.busy} className="sm:w-auto">
        {upload.busy ? 'Submitting…' : 'Submit Assignment'}
      </Button>
    </form>
  );
}
