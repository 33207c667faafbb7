import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { gateAt, motorAt, ZONE_MIN } from '../../shared/plant/drawn-marks.js';
import { labelKey, type PlacedLabel } from '../../shared/plant/labels.js';
import type { LaidConveyor, LaidSensor, PlacedTag } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { drawnRatio, SCALE } from './plant-motion.js';
import { pageTransform, PlantLabel } from './PlantLabel.js';
import { tagLook } from './tag-look.js';
import { TagSpot } from './TagSpot.js';

export interface PlantConveyorProps {
  conveyor: LaidConveyor;
  index: number;
  /** Whether the belt moves now, and how fast in metres of the model per second of real time. */
  running: boolean;
  speed: number;
  /** Where the label placer put the names of its sensors, motors and gates (by labelKey). */
  labels: ReadonlyMap<string, PlacedLabel>;
}

const S = SCALE;
/** Distance between two marks of the belt's texture, drawn metres (plant.css moves it by as much). */
const PITCH = 0.3;

/**
 * One conveyor of the plant, drawn along its own axis (x along the belt, y across it): the belt
 * with a texture that moves while it runs (chevrons point the way items go), its sensors as beams
 * lit while on, the motor that drives it and the gates (transfers, arms, pushers) of its exits.
 */
export function PlantConveyor({ conveyor: c, index, running, speed, labels }: PlantConveyorProps) {
  const len = c.drawnLength * S;
  const half = (c.width * S) / 2;
  const ratio = drawnRatio(c);
  const duration = speed > 0 ? PITCH / (speed * ratio) : 0;
  const clip = `belt-clip-${index}`;
  let gate = 0;
  return (
    <g
      class={`conveyor look-${c.look}${running ? ' is-running' : ''}`}
      transform={`translate(${c.x * S} ${c.y * S}) rotate(${c.angle})`}
      data-conveyor={c.name}
    >
      <title>{`Conveyor ${c.name} (${c.length} m)${running ? ', running' : ', stopped'}`}</title>
      {c.look === 'path' ? (
        <line class="path-track" x1={0} y1={0} x2={len} y2={0} />
      ) : (
        <>
          <clipPath id={clip}>
            <rect x={0} y={-half} width={len} height={half * 2} />
          </clipPath>
          <rect class="belt-frame" x={-4} y={-half - 4} width={len + 8} height={half * 2 + 8} rx={6} />
          <rect class="belt" x={0} y={-half} width={len} height={half * 2} />
          <g clip-path={`url(#${clip})`}>
            <g
              class="belt-texture"
              style={running && duration > 0 ? { animationDuration: `${duration}s` } : undefined}
            >
              {texture(c, len, half)}
            </g>
          </g>
        </>
      )}
      {c.feeder ? (
        <g class="feeder" aria-hidden="true">
          <rect x={-18} y={-half - 10} width={14} height={half * 2 + 20} rx={3} />
        </g>
      ) : null}
      {c.removesAtEnd ? (
        <g class="sink" aria-hidden="true">
          <path d={`M ${len + 6} ${-half} l 14 ${half} l -14 ${half}`} />
        </g>
      ) : null}
      {c.sensors.map((s, i) => (
        <Sensor
          key={`${s.tag.id}-${i}`}
          sensor={s}
          ratio={ratio}
          half={half}
          conveyor={c}
          onTrack={c.look === 'path'}
          label={labels.get(labelKey(s.reads ? 'reading' : 'sensor', c.name, i))}
        />
      ))}
      {c.drive.map((t, i) => (
        <Drive
          key={t.id}
          tag={t}
          at={motorAt(i) * S}
          half={half}
          conveyor={c}
          label={labels.get(labelKey('drive', c.name, i))}
        />
      ))}
      {c.exits.flatMap((e) =>
        e.gates.map((t) => {
          const k = gate++;
          return (
            <Gate
              key={t.id}
              tag={t}
              at={gateAt(c, k) * S}
              half={half}
              to={e.to}
              conveyor={c}
              label={labels.get(labelKey('gate', c.name, k))}
            />
          );
        }),
      )}
    </g>
  );
}

/**
 * The belt's texture as one path (rollers across it, or chevrons pointing the way items go), a
 * mark every PITCH: one element to paint and move rather than one a mark
 * (docs/performance.md "Plant view in the browser").
 */
function texture(c: LaidConveyor, len: number, half: number) {
  const pitch = PITCH * S;
  const rollers = c.look === 'rollers' || c.look === 'ramp';
  const marks: string[] = [];
  for (let x = -pitch; x < len + pitch; x += pitch) {
    const at = Math.round(x * 10) / 10;
    marks.push(
      rollers
        ? `M ${at} ${-half + 3} V ${half - 3}`
        : `M ${at - 8} ${-half * 0.45} L ${at + 8} 0 L ${at - 8} ${half * 0.45}`,
    );
  }
  return <path d={marks.join(' ')} />;
}

interface SensorProps {
  sensor: LaidSensor;
  ratio: number;
  half: number;
  conveyor: LaidConveyor;
  onTrack: boolean;
  /** Its name's place, or a reading sensor's readout box's. */
  label: PlacedLabel | undefined;
}

function Sensor({ sensor: s, ratio, half, conveyor, onTrack, label }: SensorProps) {
  const from = s.from * ratio * S;
  const to = s.to * ratio * S;
  const mid = (from + to) / 2;
  const span = Math.max(to - from, 0);
  const body = (readout?: string) =>
    s.reads ? (
      <>
        <rect class="reader-zone" x={from} y={-half} width={Math.max(span, 8)} height={half * 2} />
        {label ? <ReaderBox label={label} conveyor={conveyor} readout={readout ?? ''} /> : null}
      </>
    ) : span > ZONE_MIN * S ? (
      <rect class="zone" x={from} y={-half} width={span} height={half * 2} />
    ) : (
      <>
        <line class="beam" x1={mid} y1={-half - 14} x2={mid} y2={half + 14} />
        <rect class="beam-head" x={mid - 7} y={-half - 24} width={14} height={12} rx={2} />
        <rect class="beam-head" x={mid - 7} y={half + 12} width={14} height={12} rx={2} />
      </>
    );
  // On a drawn track (an elevator's ride) a second beam of a tag shown elsewhere is only clutter.
  if (s.echo) return onTrack ? null : <Echo tag={s.tag}>{body()}</Echo>;
  return (
    <TagSpot
      tag={s.tag}
      role={s.reads ? 'Reading sensor' : 'Sensor'}
      activate={s.reads ? 'none' : 'pulse'}
      class="sensor"
      mark={{ x: mid + 22, y: -(half + 20) }}
    >
      {(look) => (
        <>
          <rect class="hit" x={mid - 16} y={-half - 26} width={32} height={half * 2 + 52} />
          {body(s.reads ? look.words.split(' ')[0] : undefined)}
          {s.reads ? null : <PlantLabel label={label} frame={conveyor} />}
        </>
      )}
    </TagSpot>
  );
}

/** A reading sensor's readout, in the box the label placer gave it, level on the page. */
function ReaderBox(props: { label: PlacedLabel; conveyor: LaidConveyor; readout: string }) {
  const b = props.label.box;
  return (
    <g transform={pageTransform(props.conveyor)}>
      <rect class="reader-box" x={b.x * S} y={b.y * S} width={b.width * S} height={b.height * S} rx={5} />
      <text
        class="reader-text"
        x={(b.x + b.width / 2) * S}
        y={(b.y + b.height / 2) * S}
        text-anchor="middle"
        dominant-baseline="central"
      >
        {props.readout}
      </text>
    </g>
  );
}

/** Another beam of a tag drawn elsewhere (one barrier across several ramps): lit with it, not a control. */
function Echo({ tag, children }: { tag: PlacedTag; children: ComponentChildren }) {
  const ctx = useContext(PlantCtx)!;
  const look = tagLook(ctx.store.get(tag.id));
  return (
    <g class={`spot sensor echo ${look.classes}`} aria-hidden="true" data-echo={tag.name}>
      {children}
    </g>
  );
}

function Drive(props: {
  tag: PlacedTag;
  at: number;
  half: number;
  conveyor: LaidConveyor;
  label: PlacedLabel | undefined;
}) {
  const y = props.half + 8;
  return (
    <TagSpot tag={props.tag} role="Drive" class="drive" mark={{ x: props.at + 40, y: y + 10 }}>
      {() => (
        <>
          <rect class="motor" x={props.at + 4} y={y} width={36} height={24} rx={5} />
          {/* A motor symbol (no letter: the name is the text a screen reader matches). */}
          <circle class="motor-mark" cx={props.at + 22} cy={y + 12} r={6} />
          <PlantLabel label={props.label} frame={props.conveyor} />
        </>
      )}
    </TagSpot>
  );
}

interface GateProps {
  tag: PlacedTag;
  at: number;
  half: number;
  to: string;
  conveyor: LaidConveyor;
  label: PlacedLabel | undefined;
}

function Gate({ tag, at, half, to, conveyor, label }: GateProps) {
  const y = -half - 8;
  return (
    <TagSpot tag={tag} role={`Gate to ${to}`} class="gate" mark={{ x: at + 30, y: y - 34 }}>
      {() => (
        <>
          <path class="gate-paddle" d={`M ${at} ${y} l 16 -26 l 16 26 z`} />
          <PlantLabel label={label} frame={conveyor} />
        </>
      )}
    </TagSpot>
  );
}
