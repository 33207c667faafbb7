import type { PlacedProblem } from '../../problems/problem-list.js';
import type { XmlElement } from './xml-tree.js';

// Attribute values of a saved scene as the simulator writes them (.NET, invariant culture):
// `True`/`False`, `255`, `-0.7071068`, `1.499982E-08`. A value that is not one is a problem at
// its line, with what was found.

/** The key of an empty driver slot and of an OPC item's unused side. */
export const EMPTY_KEY = '00000000-0000-0000-0000-000000000000';

/** Problems found while reading, each at its line (`line 40`). */
export class Problems {
  readonly list: PlacedProblem[] = [];

  add(line: number, message: string): void {
    this.list.push({ path: `line ${line}`, message });
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number, or undefined (and a problem) when the attribute holds something else. */
export function numberAttr(
  element: XmlElement,
  name: string,
  problems: Problems,
  options: { required?: boolean; whole?: boolean } = {},
): number | undefined {
  const raw = element.attributes[name];
  if (raw === undefined) {
    if (options.required) problems.add(element.line, `<${element.name}> has no ${name}`);
    return undefined;
  }
  const value = NUMBER.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isFinite(value) || (options.whole && !Number.isInteger(value))) {
    problems.add(
      element.line,
      `<${element.name}> ${name}="${shown(raw)}" is not ${options.whole ? 'a whole number' : 'a number'}`,
    );
    return undefined;
  }
  return value;
}

/** `True`/`False` (any letter case); absent: `fallback`. */
export function boolAttr(element: XmlElement, name: string, problems: Problems, fallback = false): boolean {
  const raw = element.attributes[name];
  if (raw === undefined) return fallback;
  const lower = raw.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  problems.add(element.line, `<${element.name}> ${name}="${shown(raw)}" is not True or False`);
  return fallback;
}

/** A tag key, or null for the empty key or none. */
export function keyAttr(element: XmlElement, name: string): string | null {
  const raw = element.attributes[name]?.trim();
  return raw === undefined || raw === '' || raw === EMPTY_KEY ? null : raw;
}

/** The first child of this name. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** A value of the file as a message shows it: short, with no control characters. */
export function shown(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
