/** Marks for people: "7.5", "18", never "7.50" (the server keeps marks to 2 decimals). */
export function formatMarks(marks: number): string {
  return String(Math.round(marks * 100) / 100);
}
