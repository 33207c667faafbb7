// The part of sax (isaacs/sax-js, which ships no types) that the XML reader uses.
declare module 'sax' {
  namespace sax {
    interface QualifiedAttribute {
      name: string;
      value: string;
    }
    interface Tag {
      name: string;
      isSelfClosing: boolean;
    }
    interface SAXOptions {
      /** Only XML's five entities; without it, sax also expands HTML's (`&nbsp;`...). */
      strictEntities?: boolean;
      position?: boolean;
    }
    interface SAXParser {
      /** 0-based line and column of the character being read. */
      line: number;
      column: number;
      onerror: (error: Error) => void;
      ontext: (text: string) => void;
      ondoctype: (doctype: string) => void;
      onprocessinginstruction: (pi: { name: string; body: string }) => void;
      onattribute: (attribute: QualifiedAttribute) => void;
      onopentag: (tag: Tag) => void;
      onclosetag: (name: string) => void;
      write(text: string): SAXParser;
      close(): SAXParser;
    }
    /** How long (characters) one name, attribute value or text may grow; a global of the module. */
    let MAX_BUFFER_LENGTH: number;
    function parser(strict: boolean, options?: SAXOptions): SAXParser;
  }
  export = sax;
}
