import type { RefObject } from 'preact';

/** A hidden file picker, opened by a menu item; it hands over the file chosen. */
function FilePicker({
  id,
  inputRef,
  onFile,
  accept,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement>;
  onFile(file: File): void;
  accept: string;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      id={id}
      hidden
      accept={accept}
      onChange={(event) => {
        const input = event.currentTarget as HTMLInputElement;
        const file = input.files?.[0];
        input.value = ''; // the same file can be picked again
        if (file) onFile(file);
      }}
    />
  );
}

/** The pickers behind Scene ▸ Open file and Scene ▸ Restore state from file. */
export function FilePickers(props: {
  sceneInput: RefObject<HTMLInputElement>;
  stateInput: RefObject<HTMLInputElement>;
  onSceneFile(file: File): void;
  onStateFile(file: File): void;
}) {
  return (
    <>
      <FilePicker
        id="scene-file-input"
        inputRef={props.sceneInput}
        onFile={props.onSceneFile}
        accept=".json,application/json,.factoryio"
      />
      <FilePicker
        id="state-file-input"
        inputRef={props.stateInput}
        onFile={props.onStateFile}
        accept=".json,application/json"
      />
    </>
  );
}

/** Shown while a file is dragged over the window. */
export function DropOverlay() {
  return (
    <div class="drop-overlay" aria-hidden="true">
      <div class="drop-card">
        Drop a .tagsim.json or .factoryio scene (or a .tagsim-state.json state) to open it
      </div>
    </div>
  );
}
