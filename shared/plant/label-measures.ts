// The sizes the label placer (labels.ts) gives the drawing's texts, in metres of the layout.

/** The drawing's measures, in metres of the layout (the view draws 100 units a metre). */
export interface LabelMeasures {
  /** The names' font size (renderer/styles/plant.css, .spot-label). */
  readonly fontSize: number;
  /** A generous average width of one character at that size: long names must not run over. */
  readonly charWidth: number;
}

/** The view's own: 19 px names (plant.css) at 100 px a metre, about 0.6 em a character. */
export const DRAWING_MEASURES: LabelMeasures = { fontSize: 0.19, charWidth: 0.116 };

/** How wide a text is drawn, at most (a generous average per character). */
export const textWidth = (text: string, m: LabelMeasures, size = m.fontSize) =>
  (text.length * m.charWidth * size) / m.fontSize + 0.04;
/** The height of a row of text. */
export const rowHeight = (m: LabelMeasures, size = m.fontSize) => size * 1.25;
