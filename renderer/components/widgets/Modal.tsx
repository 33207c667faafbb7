import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface ModalProps {
  /** Unique in the page: the base of the title's and body's ids. */
  id: string;
  title: string;
  /** Esc, or the dialog closed any other way than by one of its buttons. */
  onCancel(): void;
  /** Enter in a field, or the button of type submit. */
  onSubmit?: () => void;
  /** `alertdialog` for questions about losing work. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  children: ComponentChildren;
  /** The buttons, in reading order. */
  actions: ComponentChildren;
}

/**
 * A modal dialog on the platform's <dialog>: focus moves into it (to the element marked
 * `data-autofocus`, else the first control) and stays there, the rest of the window is inert,
 * Esc cancels, and focus returns where it was once it closes.
 */
export function Modal(props: ModalProps) {
  const { id, title, role = 'dialog' } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef(props.onCancel);
  cancelRef.current = props.onCancel;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      class={props.wide ? 'modal modal-wide' : 'modal'}
      role={role}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        cancelRef.current();
      }}
      onClose={() => cancelRef.current()}
    >
      <form
        class="modal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit?.();
        }}
      >
        <h2 id={`${id}-title`} class="modal-title">
          {title}
        </h2>
        <div id={`${id}-body`} class="modal-body">
          {props.children}
        </div>
        <div class="modal-actions">{props.actions}</div>
      </form>
    </dialog>
  );
}
