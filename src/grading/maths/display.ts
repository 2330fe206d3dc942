import { lex } from './lex';
import { MAX_PART_TOKENS } from './limits';
import { normalise } from './normalise';
import { TooLarge, readExpression } from './parse';
import { displayNode, displayUnit } from './print';
import { readUnit } from './units';

/**
 * A quantity, expression, equation or unit as shown to people: "9.8 m/s²", "v = u + a·t",
 * "3.0 × 10⁸ m/s", "kg·m/s". Text it cannot read whole comes back as written.
 */
export function displayMaths(text: string): string {
  const written = text.trim();
  const tokens = lex(normalise(written).text);
  if (!tokens.length || tokens.length > MAX_PART_TOKENS) return written;
  const unit = readUnit(tokens, 0, tokens.length);
  if (unit && unit.end === tokens.length) return displayUnit(unit.unit);
  const pieces: string[] = [];
  let start = 0;
  try {
    for (let i = 0; i <= tokens.length; i++) {
      if (i < tokens.length && tokens[i]!.text !== '=') continue;
      const r = readExpression(tokens, start, i);
      if (!r || r.end !== i) return written;
      pieces.push(displayNode(r.node));
      start = i + 1;
    }
  } catch (e) {
    if (e instanceof TooLarge) return written;
    throw e;
  }
  return pieces.join(' = ');
}
