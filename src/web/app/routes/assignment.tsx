import { useParams } from 'react-router';
import { AssignmentView } from '../../features/assignments/assignment-view';

/** /dashboard/assignment/:code: the assignment page for its teacher and its students. */
export function Component() {
  const { code = '' } = useParams();
  // a new key per code resets the page's local state (editing, messages) when the code changes
  return <AssignmentView key={code} code={code} />;
}
