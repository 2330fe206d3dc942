import type { Token } from './lex';
import { mathjs } from './mathjs';

/**
 * Units as teachers and students write them after a number: SI symbols with the prefixes school
 * science uses (kJ, µF, kΩ, mol/dm³), a few other units (min, h, °C, atm) and the words for them
 * ("5 seconds"). The list is deliberately closed: "5 m in 2 s" must not read "in" as inches, nor
 * "at" as an atmosphere. Conversions go through mathjs.
 */

/** Units that take the prefixes T, G, M, k, m, u (micro), n and p. */
const PREFIXED = [
  'm',
  'g',
  's',
  'A',
  'mol',
  'N',
  'J',
  'W',
  'Pa',
  'Hz',
  'C',
  'V',
  'F',
  'ohm',
  'L',
  'l',
  'eV',
  'T',
  'Wb',
  'Wh',
  'K',
];
const PREFIXES = ['T', 'G', 'M', 'k', 'm', 'u', 'n', 'p'];
/** Units that also take centi and deci (cm, dm³, cl, dg). */
const SMALL_PREFIXED = ['m', 'g', 'L', 'l', 'mol'];
/** Units written without a prefix. */
const PLAIN = [
  'min',
  'h',
  'hr',
  'day',
  'days',
  'year',
  'years',
  'degC',
  'degF',
  'deg',
  'rad',
  'atm',
  'mmHg',
  'bar',
  'mbar',
  'hPa',
  'kWh',
];
/** Units written as words, in mathjs spelling. */
const WORDS: Record<string, string> = {
  second: 's',
  seconds: 's',
  sec: 's',
  secs: 's',
  minute: 'min',
  minutes: 'min',
  mins: 'min',
  hour: 'h',
  hours: 'h',
  metre: 'm',
  metres: 'm',
  meter: 'm',
  meters: 'm',
  kilometre: 'km',
  kilometres: 'km',
  kilometer: 'km',
  kilometers: 'km',
  centimetre: 'cm',
  centimetres: 'cm',
  millimetre: 'mm',
  millimetres: 'mm',
  gram: 'g',
  grams: 'g',
  kilogram: 'kg',
  kilograms: 'kg',
  newton: 'N',
  newtons: 'N',
  joule: 'J',
  joules: 'J',
  kilojoule: 'kJ',
  kilojoules: 'kJ',
  watt: 'W',
  watts: 'W',
  volt: 'V',
  volts: 'V',
  amp: 'A',
  amps: 'A',
  ampere: 'A',
  amperes: 'A',
  ohm: 'ohm',
  ohms: 'ohm',
  coulomb: 'C',
  coulombs: 'C',
  kelvin: 'K',
  pascal: 'Pa',
  pascals: 'Pa',
  hertz: 'Hz',
  litre: 'L',
  litres: 'L',
  liter: 'L',
  liters: 'L',
  mole: 'mol',
  moles: 'mol',
  degrees: 'deg',
  '%': '%',
};

/** Every unit symbol the reader accepts, in mathjs spelling. */
export const UNIT_SYMBOLS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const u of PREFIXED) {
    map.set(u, u);
    for (const p of PREFIXES) map.set(p + u, p + u);
  }
  for (const u of SMALL_PREFIXED) for (const p of ['c', 'd']) map.set(p + u, p + u);
  for (const u of PLAIN) map.set(u, u);
  for (const [word, u] of Object.entries(WORDS)) map.set(word, u);
  // "us" and "pm" read as words far more often than as microseconds and picometres.
  map.delete('us');
  map.delete('pm');
  return map;
})();

/** One factor of a unit: "s" with power -2 in "m s^-2". */
export type UnitFactor = { name: string; power: number };

/** A unit read after a number: its factors, its mathjs spelling, and the token after it. */
export type UnitRun = { factors: UnitFactor[]; unit: string; end: number };

/**
 * A written unit word as unit factors: "kJ", "Nm" (N m, only when set apart from the number: "2gh"
 * is 2·g·h, not grams times hours; "kgm" glued to it is kg m), "ms" before a negative power (m s).
 */
function unitWord(word: string, negativePowerNext: boolean, glued: boolean): string[] | null {
  if (
    negativePowerNext &&
    word.length > 1 &&
    word.endsWith('s') &&
    UNIT_SYMBOLS.has(word.slice(0, -1))
  )
    return [UNIT_SYMBOLS.get(word.slice(0, -1))!, 's'];
  const whole = UNIT_SYMBOLS.get(word);
  if (whole) return [whole];
  for (let k = 1; k < word.length; k++) {
    const a = UNIT_SYMBOLS.get(word.slice(0, k));
    const b = UNIT_SYMBOLS.get(word.slice(k));
    // Glued to its number, a unit run splits only after a unit of two letters or more: "2.0kgm"
    // (scanned pages lose spaces) is 2.0 kg m, "2gh" stays 2·g·h.
    if (a && b && word.length <= 5 && (!glued || k >= 2)) return [a, b];
  }
  return null;
}

/** The power written after a unit ("^2", "^-1", "^(-2)") and the index after it, or none. */
function powerAt(tokens: Token[], i: number, end: number): { power: number; next: number } | null {
  if (tokens[i]?.text !== '^' || i + 1 >= end) return null;
  let k = i + 1;
  const open = tokens[k]?.kind === 'open';
  if (open) k++;
  const sign = tokens[k]?.text === '-' ? -1 : 1;
  if (tokens[k]?.text === '-' || tokens[k]?.text === '+') k++;
  const n = tokens[k];
  if (n?.kind !== 'num' || !/^\d$/.test(n.text)) return null;
  k++;
  if (open) {
    if (tokens[k]?.kind !== 'close') return null;
    k++;
  }
  return { power: sign * Number(n.text), next: k };
}

function negativePowerAt(tokens: Token[], i: number): boolean {
  const t = tokens[i + 1];
  const u = tokens[i + 2];
  return (
    t?.text === '^' && (u?.text === '-' || (u?.kind === 'open' && tokens[i + 3]?.text === '-'))
  );
}

/**
 * The unit written from token `i` (right after a number), as far as it goes: "m/s^2",
 * "m s^-2", "kg*m/s", "mol/dm^3", "J/(kg K)". Null when no unit starts there.
 */
export function readUnit(tokens: Token[], i: number, end: number): UnitRun | null {
  const factors: UnitFactor[] = [];
  let k = i;
  let denominator = false;
  let bracket = false;
  while (k < end) {
    const t = tokens[k]!;
    const joiner = factors.length > 0 && (t.text === '*' || t.text === '/' || t.text === 'per');
    const at = joiner ? k + 1 : k;
    const opensBracket = joiner && t.text === '/' && tokens[at]?.kind === 'open';
    const u = tokens[opensBracket ? at + 1 : at];
    if (!u || (u.kind !== 'word' && u.text !== '%')) break;
    if (factors.length && !joiner && !u.space) break;
    const names = unitWord(
      u.text,
      negativePowerAt(tokens, opensBracket ? at + 1 : at),
      !factors.length && !u.space,
    );
    if (!names) break;
    if (joiner && t.text !== '*') denominator = true;
    if (opensBracket) bracket = true;
    k = (opensBracket ? at + 1 : at) + 1;
    const power = powerAt(tokens, k, end);
    if (power) k = power.next;
    names.forEach((name, n) => {
      const p = n === names.length - 1 && power ? power.power : 1;
      factors.push({ name, power: denominator ? -p : p });
    });
    if (bracket && tokens[k]?.kind === 'close') {
      k++;
      break;
    }
    if (u.text === '%') break;
  }
  if (!factors.length || (bracket && tokens[k - 1]?.kind !== 'close')) return null;
  return { factors, unit: formatUnit(factors), end: k };
}

/** Factors in mathjs's own spelling of a unit: "m / s^2", "kg m / s", "J / (kg K)", "s^-1". */
export function formatUnit(factors: UnitFactor[]): string {
  const part = (fs: UnitFactor[]) =>
    fs.map((f) => (Math.abs(f.power) === 1 ? f.name : `${f.name}^${Math.abs(f.power)}`)).join(' ');
  const up = factors.filter((f) => f.power > 0);
  const down = factors.filter((f) => f.power < 0);
  if (!down.length) return part(up);
  if (!up.length) return factors.map((f) => `${f.name}^${f.power}`).join(' ');
  const under = down.length > 1 ? `(${part(down)})` : part(down);
  return `${part(up)} / ${under}`;
}

/**
 * A value converted from one unit to another, or null when they measure different things (or
 * mathjs does not know one of them). Percent converts only to percent.
 */
export function convert(value: number, from: string, to: string): number | null {
  if (from === '%' || to === '%') return from === to ? value : null;
  try {
    const m = mathjs();
    const u = m.unit(value, from);
    if (!u.equalBase(m.unit(1, to))) return null;
    return u.toNumber(to);
  } catch {
    return null;
  }
}

/** Whether two units are the same unit (a factor of exactly 1 between them, like m/s² and m s⁻²). */
export function sameUnit(a: string, b: string): boolean {
  if (a === b) return true;
  const one = convert(1, a, b);
  return one !== null && Math.abs(one - 1) < 1e-12 && convert(0, a, b) === 0;
}
