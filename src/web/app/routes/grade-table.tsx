import { useState } from 'react';
import { useParams } from 'react-router';
import { GroupsLink } from '../../features/answer-groups/groups-link';
import { useInvalidateAssignments } from '../../features/assignments/assignments-api';
import { ExtensionsPanel } from '../../features/assignments/extensions-panel';
import { GradeTableView } from '../../features/assignments/grade-table-view';
import { LatePolicyForm } from '../../features/assignments/late-policy-form';
import { AcceptedAnswersPanel } from '../../features/evaluations/accepted-answers-panel';
import { AgreementPanel } from '../../features/evaluations/agreement-panel';
import { EvaluationControls } from '../../features/evaluations/evaluation-controls';
import { GradeStats } from '../../features/evaluations/grade-stats';
import { MarkFirst } from '../../features/evaluations/mark-first';
import { PublishControls, RowPublishState } from '../../features/evaluations/publish-controls';
import { RegradePanel } from '../../features/evaluations/regrade-panel';
import { RubricEditor } from '../../features/evaluations/rubric-editor';
import { AiProposalNote, RowReviewMeta } from '../../features/evaluations/review-badges';
import { StudentRowMeta } from '../../features/evaluations/student-row-meta';
import { SubmissionPanel } from '../../features/evaluations/submission-panel';

/** /dashboard/gradetable/:code (and the gradeTable spelling): the grades of one assignment. */
export function Component() {
  const { code = '' } = useParams();
  return <GradeTablePage key={code} code={code} />;
}

/**
 * The grades table with grading on top: for the teacher, Evaluate Now! with its progress, the
 * class statistics, review badges per row and a details panel; for a student, their feedback.
 */
function GradeTablePage({ code }: { code: string }) {
  const [open, setOpen] = useState<{ id: string; mode: 'owner' | 'student' } | null>(null);
  const refresh = useInvalidateAssignments();
  return (
    <>
      <GradeTableView
        code={code}
        tools={(data) =>
          data.viewer === 'owner' ? (
            <div className="space-y-4">
              <EvaluationControls
                code={code}
                hasSubmissions={data.submissions.length > 0}
                onFinished={refresh}
              />
              <MarkFirst code={code} data={data} onOpen={(id) => setOpen({ id, mode: 'owner' })} />
              {data.submissions.length ? <GroupsLink code={code} /> : null}
              <RegradePanel code={code} />
            </div>
          ) : null
        }
        // below the list: at 1280×800 these panels above it left the list a three-row scroll box
        afterList={(data) =>
          data.viewer === 'owner' ? (
            <div className="space-y-4">
              <PublishControls code={code} data={data} />
              {data.assignment.canEdit === false ? null : (
                <LatePolicyForm code={code} stored={data.assignment} />
              )}
              <ExtensionsPanel code={code} />
              <RubricEditor code={code} />
              <AcceptedAnswersPanel code={code} />
              <AgreementPanel code={code} />
              <GradeStats
                // the marks that count: after the late penalty where there is one
                marks={data.submissions.map((s) => s.late?.penalisedMarks ?? s.marks)}
                totalMarks={data.assignment.totalMarks}
              />
            </div>
          ) : null
        }
        rowMeta={(row, data) =>
          data.viewer === 'owner' ? (
            <span className="flex flex-col gap-1">
              <RowReviewMeta row={row} onOpen={() => setOpen({ id: row.id, mode: 'owner' })} />
              <RowPublishState code={code} row={row} />
            </span>
          ) : (
            <StudentRowMeta
              row={row}
              marksVisible={data.marksVisible}
              onOpen={() => setOpen({ id: row.id, mode: 'student' })}
            />
          )
        }
        marksNote={(row, data) => (data.viewer === 'owner' ? <AiProposalNote row={row} /> : null)}
      />
      {open ? (
        <SubmissionPanel
          code={code}
          submissionId={open.id}
          mode={open.mode}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
