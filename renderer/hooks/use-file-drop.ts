import { useRef, useState } from 'preact/hooks';

/** The handlers to put on the element that takes dropped files, and whether a file is over it. */
export interface FileDrop {
  dragging: boolean;
  handlers: {
    onDragEnter(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDragLeave(event: DragEvent): void;
    onDrop(event: DragEvent): void;
  };
}

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** Drag and drop of a file onto an element (the whole window): the first file dropped is opened. */
export function useFileDrop(onFile: (file: File) => void, enabled: boolean): FileDrop {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed; count them to know when it left.
  const depth = useRef(0);
  return {
    dragging,
    handlers: {
      onDragEnter(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setDragging(true);
      },
      onDragOver(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
      },
      onDragLeave(event) {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const file = event.dataTransfer?.files[0];
        if (file && enabled) onFile(file);
      },
    },
  };
}
