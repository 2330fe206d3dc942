import { Link } from 'react-router';

/** Closing words of a spec message that name where to go next: they become a link there. */
const tails: Array<[tail: string, to: string]> = [
  ['Sign Up', '/signup'],
  ['Log In', '/login'],
  ['log in', '/login'],
];

/** Shows a message exactly as written, with its closing "Log In" / "Sign Up" words as a link. */
export function LinkedMessage({ text }: { text: string }) {
  const match = tails.find(([tail]) => text.endsWith(tail));
  if (!match) return <>{text}</>;
  const [tail, to] = match;
  return (
    <>
      {text.slice(0, -tail.length)}
      <Link to={to} className="font-semibold underline underline-offset-2">
        {tail}
      </Link>
    </>
  );
}
