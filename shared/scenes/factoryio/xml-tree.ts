import sax from 'sax';

// The XML under a foreign scene format, read with sax (isaacs/sax-js) in its strict mode: a
// non-validating parser that never fetches anything and never expands an entity beyond XML's five
// and character references. A DOCTYPE is refused outright, so neither an external entity nor an
// entity bomb (a "billion laughs") can even be declared; nesting, element count and the length
// of one value are bounded, so no file can make the tree grow without bound. Every refusal names
// its line.

/** One element of a document: its name, attributes, children and the line of its start tag. */
export interface XmlElement {
  readonly name: string;
  /** By name; a prototype-free object, so `__proto__` is an attribute like any other. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Its text, when it holds text (`<FineRotation>0</FineRotation>`); trimmed. */
  readonly text: string;
  /** 1-based line of its start tag. */
  readonly line: number;
}

/** What a document may hold before it is refused. */
export interface XmlLimits {
  readonly maxDepth: number;
  readonly maxElements: number;
  /** Characters in one attribute value or one text (a scene's screenshot is about 60,000). */
  readonly maxValueLength: number;
}

/**
 * Far above every public scene file (8,616 elements nested 5 deep, a 60,604-character screenshot
 * in the largest: docs/fidelity.md), far below what would stall TagSim.
 */
export const XML_LIMITS: XmlLimits = { maxDepth: 32, maxElements: 300_000, maxValueLength: 4 * 1024 * 1024 };

/** Characters handed to sax at a time. */
const WRITE_SLICE = 64 * 1024;

/** Why a text is not a document TagSim reads, and where. */
export class XmlError extends Error {
  constructor(
    readonly problem: string,
    /** 1-based. */
    readonly line: number,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'XmlError';
  }
}

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** Parses a whole document into its root element, or throws an XmlError with the line. */
export function parseXmlTree(text: string, limits: XmlLimits = XML_LIMITS): XmlElement {
  const parser = sax.parser(true, { strictEntities: true, position: true });
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  const fail = (problem: string): never => {
    throw new XmlError(problem, parser.line + 1);
  };
  parser.onerror = (error) => fail(saxProblem(error.message, stack, limits));
  parser.ondoctype = () =>
    fail('the file declares a DOCTYPE; a scene file has none, and TagSim reads no DTD and no entities');
  parser.onprocessinginstruction = (pi) => {
    if (pi.name === 'xml') checkDeclaration(pi.body, fail);
  };
  // sax drops a second attribute of the same name (the first is kept) and tells no one.
  parser.onattribute = ({ name, value }) => {
    if (value.length > limits.maxValueLength) fail(tooLong(limits));
    attributes[name] = value;
  };
  parser.onopentag = (tag) => {
    if (root !== undefined || (stack.length === 0 && elements > 0))
      fail(`a second root element <${tag.name}>: a document has one`);
    if (++elements > limits.maxElements)
      fail(`more than ${limits.maxElements} elements; a scene file holds far fewer`);
    if (stack.length >= limits.maxDepth)
      fail(`elements nested more than ${limits.maxDepth} deep; a scene file nests a few levels`);
    stack.push({ name: tag.name, attributes, children: [], text: '', line: parser.line + 1 });
    attributes = Object.create(null) as Record<string, string>;
  };
  parser.ontext = (chunk) => {
    const open = stack.at(-1);
    // Whitespace around the root and between elements; any other text outside is sax's error.
    if (!open || chunk.trim() === '') return;
    if (open.text.length + chunk.length > limits.maxValueLength) fail(tooLong(limits));
    open.text += chunk;
  };
  parser.onclosetag = () => {
    const done = stack.pop()!;
    const element: XmlElement = { ...done, text: done.text.trim() };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
  };
  // sax bounds each name, value and text by one module-wide length, checked after each write
  // (so the text goes in slices); a scene's screenshot alone comes near its default (64 KiB), so
  // it is raised for this parse only.
  const before = sax.MAX_BUFFER_LENGTH;
  sax.MAX_BUFFER_LENGTH = limits.maxValueLength;
  try {
    for (let at = 0; at < text.length; at += WRITE_SLICE) parser.write(text.slice(at, at + WRITE_SLICE));
    parser.close();
  } finally {
    sax.MAX_BUFFER_LENGTH = before;
  }
  if (root === undefined) fail('the file holds no XML element');
  return root!;
}

function tooLong(limits: XmlLimits): string {
  return `a name, value or text longer than ${limits.maxValueLength} characters`;
}

/** The XML declaration may name UTF-8 only: the bytes were read as UTF-8. */
function checkDeclaration(body: string, fail: (problem: string) => never): void {
  const encoding = /\bencoding\s*=\s*["']([^"']*)["']/.exec(body)?.[1];
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding.trim()))
    fail(`the file says it is ${printableWord(encoding)}; TagSim reads UTF-8 (save it as UTF-8)`);
}

/** sax's message (`Unclosed root tag\nLine: 3...`) in a person's words. */
function saxProblem(message: string, stack: readonly Building[], limits: XmlLimits): string {
  const first = message.split('\n')[0] ?? message;
  const open = stack.at(-1);
  if (/^Unclosed root tag/.test(first) || /^Unexpected end/.test(first))
    return open
      ? `the file ends inside <${open.name}> (opened at line ${open.line}): it is cut off`
      : 'the file ends in the middle of a tag: it is cut off';
  if (/^Unexpected close tag/.test(first))
    return open
      ? `a closing tag that does not close <${open.name}> (opened at line ${open.line})`
      : 'a closing tag with no element to close';
  if (/^Invalid character entity/.test(first))
    return 'an entity TagSim does not read: only &amp; &lt; &gt; &quot; &apos; and character references';
  if (/^Non-whitespace before first tag/.test(first)) return 'text before the first element: this is not XML';
  if (/^Text data outside of root node/.test(first)) return 'text after the root element';
  if (/^Max buffer length exceeded/.test(first)) return tooLong(limits);
  return printableWord(first.replace(/\.$/, ''));
}

/** A word from the file or from sax as a message may show it: short, no control characters. */
function printableWord(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}
