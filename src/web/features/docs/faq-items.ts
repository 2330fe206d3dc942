/** The Help page's five questions and answers. */
export const faqItems = [
  {
    question: 'How do my students join an assignment?',
    answer:
      'Every assignment has its own class code, shown on the assignment page with a copy button. Share it with your class; each student chooses Join Assignment in the sidebar and types the code. Capitals and spaces do not matter, and joining twice does no harm.',
  },
  {
    question: 'What can a student hand in, and can it be changed?',
    answer:
      'One PDF file under 500 kB, before the deadline. A submission cannot be changed or replaced afterwards, so students should check that they picked the right file before pressing Submit Assignment. After the deadline Markwise no longer accepts submissions.',
  },
  {
    question: 'How does Markwise mark the answers?',
    answer:
      'When the teacher presses Evaluate Now! on the grades table, Markwise reads every answer (scanned pages with text recognition), splits it into questions by their numbering and compares each one with the model answer. Every proposed mark comes with the key points matched and missed, the diagram keywords found, and feedback for the student. An answer it cannot read is flagged for review, never given a silent zero.',
  },
  {
    question: 'Can a teacher change a mark?',
    answer:
      'Yes. On the grades table press the pencil beside a mark, type the new mark and confirm. The teacher’s mark replaces the proposal, the change is recorded, and evaluating again never overwrites it. The marks a teacher sets also help Markwise re-scale the rest of the class to agree with them.',
  },
  {
    question: 'When do students see their marks and feedback?',
    answer:
      'After the deadline. Each student then sees their own mark, the marks per question and the feedback on the assignment’s grades page; nobody sees anyone else’s marks. Before the deadline a student sees only that the answer was handed in.',
  },
] as const;
