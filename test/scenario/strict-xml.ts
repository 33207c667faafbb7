// A small, strict XML 1.0 reader for the tests: it refuses anything that is not well-formed (a
// stray `<` or `&`, an undefined entity, a character XML forbids, a mismatched or unclosed tag,
// a duplicate attribute, text outside the root, `]]>` in text) and returns the element tree, with
// attribute values normalised as a conforming parser does (literal tabs and line breaks become
// spaces; character references keep theirs). No DTDs, no namespaces: the reports need neither.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly (XmlElement | string)[];
}

export class XmlError extends Error {}

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[A-Za-z0-9._:-]/;

function isXmlChar(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

export function parseXmlStrict(text: string): XmlElement {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    // for..of yields an unpaired surrogate on its own, which isXmlChar refuses.
    if (!isXmlChar(c))
      throw new XmlError(`character U+${c.toString(16).toUpperCase()} is not allowed in XML`);
  }
  let i = 0;
  const fail = (message: string): never => {
    const line = text.slice(0, i).split('\n').length;
    throw new XmlError(`${message} (line ${line}, offset ${i})`);
  };
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const name = (): string => {
    const start = i;
    if (!NAME_START.test(text[i] ?? '')) fail('expected a name');
    i++;
    while (i < text.length && NAME_CHAR.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  const reference = (): string => {
    // at '&'
    const end = text.indexOf(';', i);
    if (end < 0) fail('an & that starts no reference');
    const body = text.slice(i + 1, end);
    let out: string;
    if (/^#[0-9]+$/.test(body) || /^#x[0-9A-Fa-f]+$/.test(body)) {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!isXmlChar(code)) fail(`&${body}; refers to a character XML does not allow`);
      out = String.fromCodePoint(code);
    } else {
      const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      const value = predefined[body];
      if (value === undefined) fail(`undefined entity &${body};`);
      out = value!;
    }
    i = end + 1;
    return out;
  };
  const misc = () => {
    for (;;) {
      ws();
      if (text.startsWith('<!--', i)) comment();
      else if (text.startsWith('<?', i)) pi();
      else return;
    }
  };
  const comment = () => {
    const end = text.indexOf('-->', i + 4);
    if (end < 0) fail('unclosed comment');
    if (text.slice(i + 4, end).includes('--')) fail('-- inside a comment');
    i = end + 3;
  };
  const pi = () => {
    const end = text.indexOf('?>', i + 2);
    if (end < 0) fail('unclosed processing instruction');
    i = end + 2;
  };
  const element = (): XmlElement => {
    if (text[i] !== '<') fail('expected an element');
    i++;
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      ws();
      if (text[i] === '/' || text[i] === '>') break;
      if (i === before) fail('attributes must be separated by white space');
      const key = name();
      ws();
      if (text[i] !== '=') fail(`expected = after ${key}`);
      i++;
      ws();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") fail(`the value of ${key} must be quoted`);
      i++;
      let value = '';
      while (text[i] !== quote) {
        if (i >= text.length) fail('unclosed attribute value');
        const ch = text[i]!;
        if (ch === '<') fail(`< in the value of ${key}`);
        if (ch === '&') value += reference();
        else {
          value += '\t\n\r'.includes(ch) ? ' ' : ch;
          i++;
        }
      }
      i++;
      if (key in attributes) fail(`duplicate attribute ${key}`);
      attributes[key] = value;
    }
    if (text.startsWith('/>', i)) {
      i += 2;
      return { name: tag, attributes, children: [] };
    }
    i++; // '>'
    const children: (XmlElement | string)[] = [];
    let buffer = '';
    const flush = () => {
      if (buffer !== '') children.push(buffer);
      buffer = '';
    };
    for (;;) {
      if (i >= text.length) fail(`<${tag}> is not closed`);
      const ch = text[i]!;
      if (text.startsWith('</', i)) {
        i += 2;
        const closing = name();
        ws();
        if (text[i] !== '>') fail(`expected > to end </${closing}`);
        i++;
        if (closing !== tag) fail(`</${closing}> closes <${tag}>`);
        flush();
        return { name: tag, attributes, children };
      }
      if (text.startsWith('<!--', i)) comment();
      else if (text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i);
        if (end < 0) fail('unclosed CDATA section');
        buffer += text.slice(i + 9, end);
        i = end + 3;
      } else if (text.startsWith('<?', i)) pi();
      else if (ch === '<') {
        flush();
        children.push(element());
      } else if (ch === '&') buffer += reference();
      else {
        if (text.startsWith(']]>', i)) fail(']]> in text');
        // A parser hands CR LF and lone CR over as LF.
        if (ch === '\r') {
          buffer += '\n';
          i += text[i + 1] === '\n' ? 2 : 1;
        } else {
          buffer += ch;
          i++;
        }
      }
    }
  };

  if (text.startsWith('<?xml', i)) {
    const end = text.indexOf('?>');
    if (end < 0) fail('unclosed XML declaration');
    if (!/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z][A-Za-z0-9._-]*")?\?>$/.test(text.slice(0, end + 2)))
      fail('malformed XML declaration');
    i = end + 2;
  }
  misc();
  const root = element();
  misc();
  if (i !== text.length) fail('content after the root element');
  return root;
}

/** The element children with this name. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

/** The text inside an element (its direct text children). */
export function textOf(element: XmlElement): string {
  return element.children.filter((c): c is string => typeof c === 'string').join('');
}
