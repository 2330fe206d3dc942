import type { Role } from '../../../shared/api';

/** What the shell shows of the signed-in user. */
export interface ShellUser {
  name: string;
  email: string;
  image: string | null;
  role: Role;
  /** One of the instance's operators: the menu links to the outbox. */
  operator?: boolean;
}

/** The shell's popups; at most one is open. */
export type ShellPanel = 'menu' | 'sidebar';
