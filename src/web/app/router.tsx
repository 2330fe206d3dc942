import { createBrowserRouter } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { ErrorPage } from './routes/error-page';

/**
 * Every screen of the spec (section 2). Pages load lazily so the first page stays small;
 * each route module exports `Component`. Redirect rules live in the guard components.
 */
export const router = createBrowserRouter([
  {
    ErrorBoundary: ErrorPage,
    // Shown while the first page's code loads, so the app never starts blank.
    HydrateFallback: () => <LoadingScreen />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/signup', lazy: () => import('./routes/signup') },
      { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: '/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/unsubscribe', lazy: () => import('./routes/unsubscribe') },
      { path: '/role', lazy: () => import('./routes/role') },
      { path: '/join/:code', lazy: () => import('./routes/link-redirect') },
      { path: '/invitations/:token', lazy: () => import('./routes/link-redirect') },
      {
        path: '/dashboard',
        lazy: () => import('./routes/dashboard-layout'),
        children: [
          { index: true, lazy: () => import('./routes/dashboard-home') },
          { path: 'create-assignment', lazy: () => import('./routes/create-assignment') },
          { path: 'join-assignment', lazy: () => import('./routes/join-assignment') },
          { path: 'assignment/:code', lazy: () => import('./routes/assignment') },
          { path: 'classes', lazy: () => import('./routes/classes') },
          { path: 'classes/:id', lazy: () => import('./routes/class') },
          { path: 'join/:code', lazy: () => import('./routes/join-class') },
          { path: 'invitations/:token', lazy: () => import('./routes/invitation') },
          { path: 'gradetable/:code', lazy: () => import('./routes/grade-table') },
          { path: 'gradeTable/:code', lazy: () => import('./routes/grade-table') },
          { path: 'similar/:code', lazy: () => import('./routes/similar-hand-ins') },
          { path: 'gradetable/:code/groups', lazy: () => import('./routes/answer-groups') },
          { path: 'upgrade-to-pro', lazy: () => import('./routes/upgrade') },
          { path: 'changelog', lazy: () => import('./routes/changelog') },
          { path: 'documentation', lazy: () => import('./routes/documentation') },
          { path: 'documentation/teachdoc', lazy: () => import('./routes/teach-doc') },
          { path: 'documentation/studoc', lazy: () => import('./routes/stu-doc') },
          { path: 'support', lazy: () => import('./routes/support') },
          { path: 'settings', lazy: () => import('./routes/email-settings') },
          { path: 'outbox', lazy: () => import('./routes/outbox') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
