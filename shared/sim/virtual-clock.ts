/** Where simulation time comes from: the real clock, or a virtual one that moves only when told. */
export type ClockMode = 'real' | 'virtual';

/** The most simulation time one advance of the virtual clock runs: an hour. */
export const MAX_ADVANCE_MS = 3_600_000;
