import type { QuestionDeps } from '../modules/assignments/questions.service';
import { archiveDueClasses } from '../modules/classes/classes.service';
import { publishAllDue } from '../modules/marks/publishing.service';
import {
  sendDeadlineReminders,
  type Notifier,
} from '../modules/notifications/notifications.service';
import type { ScheduledTask } from './scheduler';

/** What the scheduled tasks need: the database, the files (publishing reads questions), the mail. */
export type ScheduledDeps = QuestionDeps & { notify: Notifier };

/**
 * Every piece of scheduled work, in the order a tick runs them: marks due at a passed deadline
 * are published, reminders go to those who have not handed in a day before a deadline, and
 * classes due for archiving are archived. Each is idempotent (see each function).
 */
export function scheduledTasks(deps: ScheduledDeps): ScheduledTask[] {
  return [
    { name: 'publish-due-marks', run: (now) => publishAllDue(deps, now) },
    { name: 'deadline-reminders', run: (now) => sendDeadlineReminders(deps, now) },
    {
      name: 'archive-due-classes',
      run: async (now) => (await archiveDueClasses(deps, now)).archived.length,
    },
  ];
}
