import type { LaidConveyor, LaidPart, PlantLayout, PlantSnapshot } from '../../shared/plant/plant-types.js';
import { BRIDGE, craneColumnX, craneLevelY, LIFT, type Offset } from '../../shared/plant/machine-motion.js';
import { craneRails, mastBox, rails } from '../../shared/plant/part-spots.js';
import type { Box } from '../../shared/plant/drawn-marks.js';
import { SCALE } from './plant-motion.js';
import { useFraction } from './PlantParts.js';

// The machines that are not belts, drawn from the plant's own state: a lift's mast and its car
// at the level of the item that rides its shaft, a stacker crane on its rails at the column and
// level of the snapshot, a turntable, a station; a gantry's rails and the bridge that travels
// between them, with what it carries (its Z axis, its gripper). Their tags are in their blocks
// (PlantParts.tsx); these drawings take no clicks.

const S = SCALE;
const rect = (b: Box, cls: string, rx = 4) => (
  <rect class={cls} x={b.x * S} y={b.y * S} width={b.width * S} height={b.height * S} rx={rx} />
);

/** The box the conveyors a machine carries take, at rest. */
function carriedBox(p: LaidPart, conveyors: readonly LaidConveyor[]): Box | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const c of conveyors.filter((k) => p.carries.includes(k.name) && k.look !== 'path')) {
    const a = (c.angle * Math.PI) / 180;
    for (const [u, v] of [
      [0, -c.width / 2],
      [c.drawnLength, -c.width / 2],
      [c.drawnLength, c.width / 2],
      [0, c.width / 2],
    ] as const) {
      xs.push(c.x + Math.cos(a) * u - Math.sin(a) * v);
      ys.push(c.y + Math.sin(a) * u + Math.cos(a) * v);
    }
  }
  if (xs.length === 0) return undefined;
  const [x, y] = [Math.min(...xs) - 0.1, Math.min(...ys) - 0.1];
  return { x, y, width: Math.max(...xs) + 0.1 - x, height: Math.max(...ys) + 0.1 - y };
}

/** Drawn under the belts: a lift, a crane, a turntable, a station's box. */
export function MachineBody(props: {
  part: LaidPart;
  layout: PlantLayout;
  offset: Offset;
  snapshot: PlantSnapshot | undefined;
}) {
  const { part: p, offset } = props;
  // A saved scene's machine that nothing moves is drawn dashed, and says why on hover.
  const still = p.simulated ? '' : ' part-unsimulated';
  const title = (
    <title>{p.simulated ? p.label : `${p.label} (not simulated: its tags are yours to set)`}</title>
  );
  const move = `translate(${offset.dx * S} ${offset.dy * S})`;
  if (p.part === 'elevator') {
    const mast = mastBox(p);
    const car = carriedBox(p, props.layout.conveyors);
    return (
      <g class="part part-elevator" data-part={p.label} aria-hidden="true">
        {rect(mast, 'mast', 3)}
        {rect({ x: mast.x - 0.12, y: p.y - 0.12, width: mast.width + 0.24, height: 0.2 }, 'hoist')}
        {car ? (
          <>
            {/* The cable from the hoist to the car, wherever the car is. */}
            <line
              class="cable"
              x1={(mast.x + mast.width / 2) * S}
              y1={p.y * S}
              x2={(mast.x + mast.width / 2) * S}
              y2={(car.y + offset.dy) * S}
            />
            <g class="car" transform={move}>
              {rect(car, 'car-frame', 6)}
            </g>
          </>
        ) : null}
      </g>
    );
  }
  if (p.part === 'crane') {
    const [rail, top] = craneRails(p);
    const state = props.snapshot?.cranes?.find((c) => c.part === p.label);
    const x = craneColumnX(p, state?.column ?? 0);
    const y = craneLevelY(p, state?.level ?? 0) - (state?.lifted ? LIFT : 0);
    const forks = state?.forks ?? 0;
    return (
      <g
        class="part part-crane"
        data-part={p.label}
        data-column={state?.column ?? 0}
        data-level={state?.level ?? 0}
        aria-hidden="true"
      >
        {rect(rail!, 'axis-rail', 3)}
        {rect(top!, 'axis-rail', 3)}
        {rect({ x: x - 0.09, y: top!.y, width: 0.18, height: rail!.y + rail!.height - top!.y }, 'mast', 3)}
        {/* The carriage at its level, and its forks out to the side they are on, under the pallet. */}
        {rect({ x: x - 0.22, y: y - 0.34, width: 0.44, height: 0.62 }, 'crane-carriage', 5)}
        {rect({ x: x - 0.45 + forks * 0.35, y: y + 0.2, width: 0.9, height: 0.08 }, 'forks', 2)}
      </g>
    );
  }
  if (p.part === 'turntable') {
    const r = Math.min(p.width, p.height) / 2;
    return (
      <g class={`part part-turntable${still}`} data-part={p.label} aria-hidden="true">
        {title}
        <circle class="turntable" cx={(p.x + p.width / 2) * S} cy={(p.y + p.height / 2) * S} r={r * S} />
      </g>
    );
  }
  if (p.part === 'tank' || p.part === 'axis' || p.on !== undefined) return null;
  return (
    <g class={`part part-${p.part}${still}`} data-part={p.label} aria-hidden="true">
      {title}
      {rect({ x: p.x, y: p.y, width: p.width, height: p.height }, 'station-body', 8)}
    </g>
  );
}

/**
 * A gantry's axis over the belts: its rails, and its bridge where its position tag or command
 * has it (a two-end axis glides there); or, carried on another's bridge, its head: a y or x
 * axis's carriage, a z axis's gauge (its slider down as far as it is lowered), a gripper's jaws.
 */
export function Gantry(props: { part: LaidPart; offset: Offset; glides: boolean }) {
  const { part: p, offset } = props;
  const z = useFraction(p.tags.find((t) => t.role === 'position' || t.role === 'command')?.tag);
  const grab = useFraction(p.tags.find((t) => t.role === 'grab')?.tag) > 0;
  const style = { transform: `translate(${offset.dx * S}px, ${offset.dy * S}px)` };
  const cls = `moving${props.glides ? ' glides' : ''}`;
  const cx = (p.x + p.width / 2) * S;
  const cy = (p.y + p.height / 2) * S;
  if (p.part === 'station') {
    // The jaws close on what they grab.
    const jaw = grab ? 6 : 12;
    return (
      <g class={`part gripper${grab ? ' is-gripping' : ''}`} data-part={p.label} aria-hidden="true">
        <g class={cls} style={style}>
          <path class="gripper-jaws" d={`M ${cx - jaw} ${cy - 7} v 14 M ${cx + jaw} ${cy - 7} v 14`} />
        </g>
      </g>
    );
  }
  if (p.on !== undefined) {
    const head = { x: p.x, y: p.y, width: p.width, height: p.height };
    return (
      <g class="part gantry-head" data-part={p.label} aria-hidden="true">
        <g class={cls} style={style}>
          {p.axis === 'z' ? (
            <>
              <circle class="z-head" cx={cx} cy={cy} r={(p.width / 2) * S} />
              <line class="z-gauge" x1={cx} y1={cy - 10} x2={cx} y2={cy + 10} />
              <circle class="z-slider" cx={cx} cy={cy - 10 + 20 * z} r={4} />
            </>
          ) : (
            rect(head, 'carriage', 5)
          )}
        </g>
      </g>
    );
  }
  const bridge =
    p.axis === 'x'
      ? { x: p.x, y: p.y, width: BRIDGE, height: p.height }
      : { x: p.x, y: p.y, width: p.width, height: BRIDGE };
  return (
    <g class="part gantry" data-part={p.label} aria-hidden="true">
      {rails(p).map((r, i) => (
        <g key={i}>{rect(r, 'axis-rail', 3)}</g>
      ))}
      <g class={cls} style={style}>
        {rect(bridge, 'bridge', 4)}
      </g>
    </g>
  );
}
