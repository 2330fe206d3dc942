/** "Good morning" before 12:00, "Good afternoon" before 18:00, otherwise "Good evening" (local time). */
export function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
