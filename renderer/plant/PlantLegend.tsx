import type { PlantLayout } from '../../shared/plant/plant-types.js';

/** Whether a layout draws a normally closed sensor: one that is on at rest. */
const hasNormallyClosed = (layout: PlantLayout) =>
  layout.conveyors.some((c) => c.sensors.some((s) => s.normallyClosed && !s.echo));

/**
 * What the drawing's marks mean, under it: a lit beam, a beam with hollow heads (a normally closed
 * sensor, lit while nothing breaks it, so green at rest), and the table's F and ! marks.
 */
export function PlantLegend({ layout }: { layout: PlantLayout }) {
  return (
    <ul class="plant-legend" aria-label="What the marks mean">
      <li>
        <svg class="legend-mark sensor is-on" viewBox="0 0 20 28" aria-hidden="true">
          <line class="beam" x1="10" y1="6" x2="10" y2="22" />
          <rect class="beam-head" x="4" y="0" width="12" height="8" rx="2" />
          <rect class="beam-head" x="4" y="20" width="12" height="8" rx="2" />
        </svg>
        Lit: the sensor is on
      </li>
      {hasNormallyClosed(layout) ? (
        <li>
          <svg class="legend-mark sensor nc is-on" viewBox="0 0 20 28" aria-hidden="true">
            <line class="beam" x1="10" y1="6" x2="10" y2="22" />
            <rect class="beam-head" x="4" y="0" width="12" height="8" rx="2" />
            <rect class="beam-head" x="4" y="20" width="12" height="8" rx="2" />
          </svg>
          Hollow heads: normally closed, on at rest and off while an item breaks the beam
        </li>
      ) : null}
      <li>
        <span class="flag flag-forced" aria-hidden="true">
          F
        </span>
        forced
      </li>
      <li>
        <span class="flag flag-failed" aria-hidden="true">
          !
        </span>
        Always On / Always Off failure
      </li>
    </ul>
  );
}
