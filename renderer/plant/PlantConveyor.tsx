import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { LaidConveyor, LaidSensor, PlacedTag } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { drawnRatio, SCALE } from './plant-motion.js';
import { tagLook } from './tag-look.js';
import { TagSpot } from './TagSpot.js';

export interface PlantConveyorProps {
  conveyor: LaidConveyor;
  index: number;
  /** Whether the belt moves now, and how fast in metres of the model per second of real time. */
  running: boolean;
  speed: number;
}

const S = SCALE;
/** Distance between two marks of the belt's texture, drawn metres (plant.css moves it by as much). */
const PITCH = 0.3;

/**
 * One conveyor of the plant, drawn along its own axis (x along the belt, y across it): the belt
 * with a texture that moves while it runs (chevrons point the way items go), its sensors as beams
 * lit while on, the motor that drives it and the gates (transfers, arms, pushers) of its exits.
 */
export function PlantConveyor({ conveyor: c, index, running, speed }: PlantConveyorProps) {
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
          index={i}
          angle={c.angle}
          onTrack={c.look === 'path'}
          len={len}
        />
      ))}
      {c.drive.map((t, i) => (
        <Drive key={t.id} tag={t} at={i * 150} half={half} angle={c.angle} />
      ))}
      {c.exits.flatMap((e) =>
        e.gates.map((t) => {
          const k = gate++;
          return (
            <Gate
              key={t.id}
              tag={t}
              at={len - 40 - k * 40}
              row={k % 2}
              half={half}
              to={e.to}
              angle={c.angle}
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

/**
 * A label beside a belt, level whatever the belt's angle: anchored at a point of the belt's own
 * frame (`side` -1 its left, +1 its right, 0 centred there) and turned back to the page, reaching
 * away from the belt.
 */
function Label(props: {
  x: number;
  y: number;
  angle: number;
  side: number;
  text: string;
  class?: string;
  anchor?: 'start' | 'end' | undefined;
}) {
  const a = (props.angle * Math.PI) / 180;
  const wx = -Math.sin(a) * props.side;
  const wy = Math.cos(a) * props.side;
  const sideways = Math.abs(wx) > 0.5;
  return (
    <text
      class={props.class ?? 'spot-label'}
      x={props.x}
      y={props.y}
      dy={sideways || props.side === 0 ? 7 : wy > 0 ? 14 : -2}
      text-anchor={sideways ? (wx > 0 ? 'start' : 'end') : (props.anchor ?? 'middle')}
      transform={props.angle ? `rotate(${-props.angle} ${props.x} ${props.y})` : undefined}
    >
      {props.text}
    </text>
  );
}

interface SensorProps {
  sensor: LaidSensor;
  ratio: number;
  half: number;
  index: number;
  angle: number;
  len: number;
  onTrack: boolean;
}

function Sensor({ sensor: s, ratio, half, index, angle, len, onTrack }: SensorProps) {
  // Sensors alternate sides, and every other pair sits a row further out: close names do not collide.
  const side = index % 2 === 0 ? -1 : 1;
  const row = Math.floor(index / 2) % 2;
  const from = s.from * ratio * S;
  const to = s.to * ratio * S;
  const mid = (from + to) / 2;
  const span = Math.max(to - from, 0);
  const body = (readout?: string) =>
    s.reads ? (
      <>
        <rect class="reader-zone" x={from} y={-half} width={Math.max(span, 8)} height={half * 2} />
        <rect class="reader-box" x={mid - 36} y={side * (half + 25) - 17} width={72} height={34} rx={5} />
        <Label
          x={mid}
          y={side * (half + 25)}
          angle={angle}
          side={0}
          text={readout ?? ''}
          class="reader-text"
        />
      </>
    ) : span > 0.4 * S ? (
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
      mark={{ x: mid + 22, y: side * (half + 20) }}
    >
      {(look) => (
        <>
          <rect class="hit" x={mid - 16} y={-half - 26} width={32} height={half * 2 + 52} />
          {body(s.reads ? look.words.split(' ')[0] : undefined)}
          {s.reads ? null : (
            <Label
              x={mid}
              y={side * (half + 30 + row * 24)}
              angle={angle}
              side={side}
              text={s.tag.name}
              // Near an end, the name reaches back along the belt, away from what joins it there.
              anchor={mid > len - 90 ? 'end' : mid < 90 ? 'start' : undefined}
            />
          )}
        </>
      )}
    </TagSpot>
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

function Drive(props: { tag: PlacedTag; at: number; half: number; angle: number }) {
  const y = props.half + 8;
  return (
    <TagSpot tag={props.tag} role="Drive" class="drive" mark={{ x: props.at + 40, y: y + 10 }}>
      {() => (
        <>
          <rect class="motor" x={props.at + 4} y={y} width={36} height={24} rx={5} />
          {/* A motor symbol (no letter: the name is the text a screen reader matches). */}
          <circle class="motor-mark" cx={props.at + 22} cy={y + 12} r={6} />
          {/* Beside a belt drawn across the page the name reaches away from it, not over it. */}
          <Label
            x={props.at + 46}
            y={y + 12}
            angle={props.angle}
            side={Math.abs(Math.sin((props.angle * Math.PI) / 180)) > 0.5 ? 1 : 0}
            text={props.tag.name}
            anchor="start"
          />
        </>
      )}
    </TagSpot>
  );
}

interface GateProps {
  tag: PlacedTag;
  at: number;
  row: number;
  half: number;
  to: string;
  angle: number;
}

function Gate({ tag, at, row, half, to, angle }: GateProps) {
  const y = -half - 8;
  return (
    <TagSpot tag={tag} role={`Gate to ${to}`} class="gate" mark={{ x: at + 30, y: y - 34 }}>
      {() => (
        <>
          <path class="gate-paddle" d={`M ${at} ${y} l 16 -26 l 16 26 z`} />
          {/* A row above the first row of sensor names, so a gate beside a sensor keeps both legible. */}
          <Label x={at + 16} y={y - 54 - row * 24} angle={angle} side={-1} text={tag.name} />
        </>
      )}
    </TagSpot>
  );
}
