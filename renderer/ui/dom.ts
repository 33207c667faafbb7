/** True when typing goes into the element: keys there belong to it, not to window shortcuts. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** True while a modal dialog is open: window shortcuts wait until it is answered. */
export function modalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
