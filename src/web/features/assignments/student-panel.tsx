import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Link } from 'react-router';
import {
  submissionFileUrl,
  type AssignmentDetail,
  type SubmissionRow,
} from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { FileDropZone, showLabel } from '../../components/ui/file-drop-zone';
import { ProgressBar } from '../../components/ui/progress-bar';
import { uploadUrls, useInvalidateAssignments } from './assignments-api';
import { FileLink } from './file-link';
import { acceptFor, checkFile } from './file-rules';
import { formatDateTime, formatDeadline } from '../../lib/dates';
import { fieldErrors } from './field-errors';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { useUpload } from './use-upload';
import { HandInConfirm } from './hand-in-confirm';
import { ShrinkOffer } from './shrink-offer';
import type { PhotoPage } from './photos/photo-pipeline';

// the photo pipeline and pdf-lib: a chunk of their own, loaded when a student picks photos
const PhotoPages = lazy(() => import('./photos/photo-pages'));

type OwnHandIn = NonNullable<AssignmentDetail['submission']>;

/** The student's own deadline: her extension when she has one. */
const ownDeadlineOf = (a: AssignmentDetail) => a.extendedDeadline ?? a.deadline;

/**
 * The student's side: the question paper, one PDF answer before the deadline (with a second look
 * before the irreversible hand-in), then the submitted state with what was handed in.
 */
export function StudentPanel({ assignment }: { assignment: AssignmentDetail }) {
  const [justSubmitted, setJustSubmitted] = useState<OwnHandIn | null>(null);
  const submitted = justSubmitted !== null || assignment.hasSubmitted;
  const handIn = justSubmitted ?? assignment.submission ?? null;
  const gradesUrl = `/dashboard/gradetable/${encodeURIComponent(assignment.code)}`;
  // after handing in, focus goes to the confirmation rather than falling to the page
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSubmitted) confirmation.current?.focus();
  }, [justSubmitted]);
  return (
    <div className="space-y-5">
      {assignment.hasQuestionPaper ? (
        <FileLink code={assignment.code} kind="question-paper" label="Download Question Paper" />
      ) : null}
      {submitted ? (
        <Alert
          ref={confirmation}
          tabIndex={-1}
          tone="success"
          title={messages.submitted}
          className="focus-visible:outline-offset-2"
        >
          {assignment.submittedAt ? `Handed in on ${formatDateTime(assignment.submittedAt)}. ` : ''}
          {assignment.lateBy ? `That was ${assignment.lateBy} late. ` : ''}
          {assignment.isPastDeadline || assignment.marksPublished ? (
            <>
              {assignment.marksPublished ? messages.marksPublished : messages.marksAvailable}{' '}
              <Link to={gradesUrl} className="font-semibold underline hover:text-emerald-950">
                {messages.seeYourMarks}
              </Link>
              .
            </>
          ) : (
            messages.marksComeAfterDeadline
          )}
          {handIn ? (
            <a
              href={submissionFileUrl(assignment.code, handIn.id)}
              target="_blank"
              rel="noopener"
              className={`${buttonClass({ variant: 'outline', size: 'sm' })} mt-3 flex w-fit`}
            >
              View what I handed in
              <span className="sr-only"> ({handIn.fileName}, opens in a new tab)</span>
            </a>
          ) : null}
        </Alert>
      ) : assignment.canHandIn === false ? (
        <Alert tone="error" title="The deadline has passed">
          Submissions closed on{' '}
          {formatDeadline(assignment.latePolicy?.lateUntil ?? ownDeadlineOf(assignment))} and no
          answer was handed in.
        </Alert>
      ) : (
        <>
          {assignment.isPastDeadline && assignment.latePolicy?.lateUntil ? (
            <Alert tone="warning" title="Your deadline has passed">
              Late hand-ins are accepted until {formatDeadline(assignment.latePolicy.lateUntil)}
              {assignment.latePolicy.penaltyPercent > 0
                ? `, with ${assignment.latePolicy.penaltyPercent}% of the marks taken off${assignment.latePolicy.penaltyKind === 'per-day' ? ' per day late (each started 24 hours)' : ''}.`
                : ', without a penalty.'}
            </Alert>
          ) : null}
          <UploadAnswer code={assignment.code} onSubmitted={setJustSubmitted} />
        </>
      )}
      <Link to={gradesUrl} className={buttonClass({ variant: 'outline' })}>
        Show Grades
      </Link>
    </div>
  );
}

function UploadAnswer({
  code,
  onSubmitted,
}: {
  code: string;
  onSubmitted: (handIn: OwnHandIn) => void;
}) {
  const upload = useUpload<SubmissionRow>();
  const invalidate = useInvalidateAssignments();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  // photos being made into pages, and the browser's word on each page of the PDF they became
  const [photos, setPhotos] = useState<{ picked: File[]; kept?: PhotoPage[] } | null>(null);
  // the pages the chosen PDF was made of, when it was made from photos here
  const [madeOf, setMadeOf] = useState<PhotoPage[] | null>(null);
  /** The camera's and the gallery's picks alike: the chosen photos, the field cleared for the next. */
  const pickPhotos = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.currentTarget.files ?? []);
    e.currentTarget.value = '';
    if (picked.length) setPhotos({ picked });
  };
  const [pageNotes, setPageNotes] = useState<(string | null)[]>([]);
  // a chosen PDF over the limit: offered to be made smaller
  const [tooBig, setTooBig] = useState<File | null>(null);
  const photosButton = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // the drop zone's own line: no file chosen, a refused pick, or the server's word on the file
  const [fileError, setFileError] = useState<string>();
  const [error, setError] = useState<string>();
  const focusInput = () => document.getElementById('answer-file')?.focus();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!file) {
      setFileError(messages.selectFileToSubmit);
      focusInput();
      return;
    }
    setConfirming(true);
  };

  const handleConfirm = async () => {
    setConfirming(false);
    if (!file) return;
    const form = new FormData();
    form.append('answer', file);
    try {
      const row = await upload.send(uploadUrls.submission(code), form);
      onSubmitted({ id: row.id, fileName: file.name });
    } catch (err) {
      const { fields, general } = fieldErrors(err);
      if (fields.answer) {
        setFileError(fields.answer);
        focusInput();
      } else {
        setError(general ?? 'The answer could not be submitted.');
        submitButton.current?.focus();
      }
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
      {photos ? (
        <Suspense fallback={<p role="status">Opening the photo tools…</p>}>
          <PhotoPages
            initial={photos.picked}
            kept={photos.kept}
            onDone={({ file: pdf, pageNotes: notes, pages }) => {
              setPhotos(null);
              setMadeOf(pages);
              setFileError(undefined);
              setError(undefined);
              setPageNotes(notes);
              setFile(pdf);
              submitButton.current?.focus();
            }}
            onCancel={() => {
              setPhotos(null);
              photosButton.current?.focus();
            }}
          />
        </Suspense>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
          <span>Written on paper?</span>
          <label
            className={`${buttonClass({ variant: 'outline', size: 'sm' })} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600`}
          >
            Take photos of your pages
            <input
              ref={photosButton}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              disabled={upload.busy}
              className="sr-only"
              onFocus={showLabel}
              onChange={pickPhotos}
            />
          </label>
          <label
            className={`${buttonClass({ variant: 'link', size: 'sm' })} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600`}
          >
            or choose photos
            <input
              type="file"
              accept="image/*,.heic,.heif"
              multiple
              disabled={upload.busy}
              className="sr-only"
              onFocus={showLabel}
              onChange={pickPhotos}
            />
          </label>
        </div>
      )}
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
          setTooBig(problem === messages.fileTooLarge ? picked : null);
          if (problem) return setFileError(problem);
          // a good file answers the earlier refusal: do not leave its message beside the new choice
          setFileError(undefined);
          setError(undefined);
          setPageNotes([]);
          setMadeOf(null);
          setFile(picked);
        }}
        onClear={() => {
          setFile(null);
          setPageNotes([]);
          setMadeOf(null);
        }}
      />
      {tooBig ? (
        <ShrinkOffer
          file={tooBig}
          onShrunk={(smaller) => {
            setTooBig(null);
            setFileError(undefined);
            setPageNotes([]);
            setMadeOf(null);
            setFile(smaller);
          }}
        />
      ) : null}
      <p className="text-sm text-slate-700">
        You can submit once; the answer cannot be changed afterwards.
      </p>
      {upload.progress !== null ? (
        <ProgressBar
          value={upload.progress}
          label={upload.progress < 1 ? 'Uploading answer' : 'Checking the PDF'}
        />
      ) : null}
      <Button
        ref={submitButton}
        type="submit"
        size="lg"
        block
        disabled={upload.busy}
        className="sm:w-auto"
      >
        {upload.busy ? 'Submitting…' : 'Submit Assignment'}
      </Button>
      {confirming && file ? (
        <HandInConfirm
          code={code}
          file={file}
          pageNotes={pageNotes}
          onConfirm={() => void handleConfirm()}
          onCancel={() => {
            setConfirming(false);
            submitButton.current?.focus();
          }}
          onBackToPages={
            madeOf
              ? () => {
                  setConfirming(false);
                  setPhotos({ picked: [], kept: madeOf });
                }
              : undefined
          }
        />
      ) : null}
    </form>
  );
}
