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
        <LitBeam />
        Lit: the sensor is on
      </li>
      {hasNormallyClosed(layout) ? (
        <li>
          <LitBeam normallyClosed />
          Hollow heads: normally closed, on at rest and off while an item breaks the beam
        </li>
      ) : null}
      <li>
        <Badge class="mark-forced" text="F" />
        forced
      </li>
      <li>
        <Badge class="mark-failed" text="!" />
        Always On / Always Off failure
      </li>
    </ul>
  );
}

/** A badge as the drawing draws it (TagSpot), so the legend shows the very mark. */
function Badge(props: { class: string; text: string }) {
  return (
    <svg class="legend-badge" viewBox="-12 -12 24 24" aria-hidden="true">
      <g class={`mark ${props.class}`}>
        <rect x={-11} y={-11} width={22} height={22} rx={4} />
        <text y={6}>{props.text}</text>
      </g>
    </svg>
  );
}

/** A lit beam as the drawing draws it (a normally closed one with hollow heads). */
function LitBeam({ normallyClosed = false }: { normallyClosed?: boolean }) {
  return (
    <svg
      class={`legend-mark sensor${normallyClosed ? ' nc' : ''} is-on`}
      viewBox="0 0 20 28"
      aria-hidden="true"
    >
      <line class="beam" x1="10" y1="6" x2="10" y2="22" />
      <rect class="beam-head" x="4" y="0" width="12" height="8" rx="2" />
      <rect class="beam-head" x="4" y="20" width="12" height="8" rx="2" />
    </svg>
  );
}
