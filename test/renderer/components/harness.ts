// Renders a Preact component into the test file's DOM (happy-dom) and drives it as a person
// would: find a control by what it says, click it, type into it, press keys. Every step runs in
// preact/test-utils' act(), so renders and effects have happened when the step returns.
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { BridgeMethodName } from '../../../shared/bridge/bridge-spec.js';

const mounted = new Set<HTMLElement>();

afterEach(() => {
  for (const root of mounted) {
    act(() => render(null, root));
    root.remove();
  }
  mounted.clear();
});

export interface Mounted {
  root: HTMLElement;
  /** Renders again with new props, as the parent would. */
  rerender(vnode: ComponentChild): void;
}

/** Renders into a fresh element of the document (focus and document queries need one). */
export function mount(vnode: ComponentChild): Mounted {
  const root = document.createElement('div');
  document.body.append(root);
  mounted.add(root);
  act(() => render(vnode, root));
  return { root, rerender: (next) => act(() => render(next, root)) };
}

/**
 * What a screen reader calls the element: its aria-label, else its text without the parts
 * hidden from assistive technology (a ★ drawn for the eye), spaces folded.
 */
export function nameOf(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label.trim();
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function only<T extends Element>(found: T[], what: string): T {
  if (found.length !== 1) throw new Error(`Expected one ${what}, found ${found.length}.`);
  return found[0]!;
}

const matches = (name: string | RegExp, text: string) =>
  typeof name === 'string' ? text === name : name.test(text);

/** The one button (or menu item) with this accessible name inside `within`. */
export function button(within: ParentNode, name: string | RegExp): HTMLButtonElement {
  const all = [...within.querySelectorAll('button')].filter((b) => matches(name, nameOf(b)));
  return only(all, `button named ${String(name)}`);
}

/** The accessible names of the buttons inside `within`, in document order. */
export function buttonNames(within: ParentNode): string[] {
  return [...within.querySelectorAll('button')].map(nameOf);
}

/** The one element with this role and accessible name (`[role=…][aria-label=…]`). */
export function byRole(within: ParentNode, role: string, name?: string | RegExp): HTMLElement {
  const all = [...within.querySelectorAll<HTMLElement>(`[role="${role}"]`)].filter(
    (e) => name === undefined || matches(name, nameOf(e)),
  );
  return only(all, `${role}${name === undefined ? '' : ` named ${String(name)}`}`);
}

/** Every element with this role, in document order. */
export function allByRole(within: ParentNode, role: string): HTMLElement[] {
  return [...within.querySelectorAll<HTMLElement>(`[role="${role}"]`)];
}

/** A label's own words: without the text of the control it wraps (a select's options). */
function labelText(label: HTMLLabelElement): string {
  const copy = label.cloneNode(true) as HTMLLabelElement;
  for (const control of copy.querySelectorAll('input, select, textarea')) control.remove();
  return nameOf(copy);
}

/** The form control a `<label>` with this text names (by `for`, or by wrapping it). */
export function field<T extends HTMLElement = HTMLInputElement>(
  within: ParentNode,
  label: string | RegExp,
): T {
  const labels = [...within.querySelectorAll('label')].filter((l) => matches(label, labelText(l)));
  const control = only(labels, `label ${String(label)}`);
  const target = control.htmlFor
    ? within.querySelector(`#${CSS.escape(control.htmlFor)}`)
    : control.querySelector('input, select, textarea');
  if (!target) throw new Error(`The label ${String(label)} names no control.`);
  return target as T;
}

export function click(element: HTMLElement): void {
  act(() => element.click());
}

/** Types the whole text into a field, as one input event (what Preact's onInput reads). */
export function typeInto(input: HTMLInputElement, text: string): void {
  act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function submit(form: HTMLFormElement): void {
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/** A keydown on the element (default: the document), bubbling as a real key press does. */
export function press(
  key: string,
  target: EventTarget = document,
  init: KeyboardEventInit = {},
): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

/** Lets the answers of the fake bridge arrive and the components render what they say. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export interface BridgeCall {
  method: BridgeMethodName;
  args: unknown;
}

/** What the fake bridge answers, per method. */
export type Answers = Partial<Record<BridgeMethodName, (args: unknown) => unknown>>;

/**
 * A bridge client whose calls are recorded, not sent. Each method answers what `answers` says
 * (an answer that throws is the transport's error), or null: "done" for the per-tag actions.
 */
export function fakeClient(answers: Answers = {}): {
  client: BridgeClient;
  calls: BridgeCall[];
} {
  const calls: BridgeCall[] = [];
  const client = createBridgeClient({
    invoke: async (method, args) => {
      calls.push({ method, args });
      const answer = answers[method];
      return answer ? answer(args) : null;
    },
    subscribe: () => () => undefined,
  });
  return { client, calls };
}
