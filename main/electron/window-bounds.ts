/** A rectangle in screen coordinates (DIPs), as Electron's Rectangle. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where and how big a window opens; without x and y, Electron centres it. */
export type WindowPlacement = { width: number; height: number } & Partial<Pick<Rect, 'x' | 'y'>>;

export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 640, height: 400 } as const;

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function isUsable(rect: Rect | undefined): rect is Rect {
  return (
    rect !== undefined &&
    [rect.x, rect.y, rect.width, rect.height].every(Number.isFinite) &&
    rect.width > 0 &&
    rect.height > 0
  );
}

/** `size` shrunk to fit `area` (never below the minimum, unless the area itself is smaller). */
function fitSize(size: { width: number; height: number }, area: Rect) {
  return {
    width: Math.round(clamp(size.width, Math.min(MIN_WINDOW_SIZE.width, area.width), area.width)),
    height: Math.round(clamp(size.height, Math.min(MIN_WINDOW_SIZE.height, area.height), area.height)),
  };
}

/**
 * Where the window reopens, from the bounds saved last time and the work areas of the displays
 * now attached: on the display it overlaps most, shrunk to fit it and moved fully onto it. A
 * window saved on a display that is gone (or with no saved bounds) opens centred on the primary
 * display. So a window never opens off-screen or larger than the screen.
 */
export function restoreWindowBounds(
  saved: Rect | undefined,
  workAreas: readonly Rect[],
  primary: Rect | undefined,
): WindowPlacement {
  const areas = workAreas.filter(isUsable);
  const home = isUsable(primary) ? primary : areas[0];
  if (!home) return { ...DEFAULT_WINDOW_SIZE };
  if (!isUsable(saved)) return fitSize(DEFAULT_WINDOW_SIZE, home);

  let best: Rect | undefined;
  let bestOverlap = 0;
  for (const area of areas) {
    const overlap = overlapArea(saved, area);
    if (overlap > bestOverlap) {
      best = area;
      bestOverlap = overlap;
    }
  }
  if (!best) return fitSize(saved, home);

  const size = fitSize(saved, best);
  return {
    x: Math.round(clamp(saved.x, best.x, best.x + best.width - size.width)),
    y: Math.round(clamp(saved.y, best.y, best.y + best.height - size.height)),
    ...size,
  };
}
