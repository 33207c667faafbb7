import { useContext } from 'preact/hooks';
import { beamPlaces, sensorKind, zoneSpan } from '../../shared/plant/belt-spots.js';
import { BEAM } from '../../shared/plant/drawn-marks.js';
import type { PlacedLabel } from '../../shared/plant/labels.js';
import type { LaidConveyor, LaidSensor } from '../../shared/plant/plant-types.js';
import type { PlacedSpot } from '../../shared/plant/spot-types.js';
import { PlantCtx } from './plant-context.js';
import { drawnRatio, SCALE } from './plant-motion.js';
import { PlantLabel } from './PlantLabel.js';
import { readout, tagLook } from './tag-look.js';
import { points, TagSpot } from './TagSpot.js';

export interface PlantConveyorProps {
  conveyor: LaidConveyor;
  index: number;
  /** Whether the belt moves now, and how fast in metres of the model per second of real time. */
  running: boolean;
  speed: number;
  /** Its tags' places (sensors, motors, gates) from the spot planner, in the order Tab takes them. */
  spots: readonly PlacedSpot[];
  /** Where the label placer put their names, by spot key. */
  labels: ReadonlyMap<string, PlacedLabel>;
  /** Drawn moved by this much (metres): a conveyor a machine carries. */
  dx: number;
  dy: number;
  /** A track no one draws (a lift's shaft, a carried gripper's travel): only its sensors are. */
  hidden: boolean;
}

const S = SCALE;
/** Distance between two marks of the belt's texture, drawn metres (plant.css moves it by as much). */
const PITCH = 0.3;

/**
 * One conveyor of the plant: the belt along its own axis with a texture that moves while it runs
 * (chevrons point the way items go), and its tags where the spot planner put them: sensors as
 * beams lit while on (those of one place fanned out), the motors that drive it and the gates of
 * its exits beside it, each with its name.
 */
export function PlantConveyor(props: PlantConveyorProps) {
  const { conveyor: c, index, running, speed } = props;
  const len = c.drawnLength * S;
  const half = (c.width * S) / 2;
  const duration = speed > 0 ? PITCH / (speed * drawnRatio(c)) : 0;
  const clip = `belt-clip-${index}`;
  const frame = `translate(${c.x * S} ${c.y * S}) rotate(${c.angle})`;
  const places = beamPlaces(c);
  return (
    <g
      class={`conveyor look-${c.look}${running ? ' is-running' : ''}`}
      data-conveyor={c.name}
      transform={props.dx !== 0 || props.dy !== 0 ? `translate(${props.dx * S} ${props.dy * S})` : undefined}
    >
      <g transform={frame}>
        <title>{`Conveyor ${c.name} (${c.length} m)${running ? ', running' : ', stopped'}`}</title>
        {c.look === 'path' ? (
          props.hidden ? null : (
            <line class="path-track" x1={0} y1={0} x2={len} y2={0} />
          )
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
        {c.feeder && c.look !== 'path' ? (
          <g class="feeder" aria-hidden="true">
            <rect x={-18} y={-half - 10} width={14} height={half * 2 + 20} rx={3} />
          </g>
        ) : null}
        {c.removesAtEnd && c.look !== 'path' ? (
          <g class="sink" aria-hidden="true">
            <path d={`M ${len + 6} ${-half} l 14 ${half} l -14 ${half}`} />
          </g>
        ) : null}
        {c.sensors.map((s, i) =>
          s.echo && sensorKind(c, s) !== undefined ? (
            <Echo key={`echo-${i}`} sensor={s} conveyor={c} at={places[i]!} half={half} />
          ) : null,
        )}
      </g>
      {props.spots.map((spot) => (
        <BeltSpot
          key={spot.key}
          spot={spot}
          conveyor={c}
          frame={frame}
          half={half}
          label={props.labels.get(spot.key)}
        />
      ))}
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

interface BeltSpotProps {
  spot: PlacedSpot;
  conveyor: LaidConveyor;
  /** The belt's own frame (its start, turned by its angle): shapes are drawn along it. */
  frame: string;
  half: number;
  label: PlacedLabel | undefined;
}

const ROLES = { beam: 'Sensor', zone: 'Sensor', reader: 'Reading sensor', motor: 'Drive' } as const;

/** One tag of a belt, drawn at its place: a sensor, its motor, a gate of its exits. */
function BeltSpot({ spot, conveyor: c, frame, half, label }: BeltSpotProps) {
  const ctx = useContext(PlantCtx)!;
  const sensor = spot.key.startsWith('sensor ') ? c.sensors[Number(spot.key.split(' ').pop())] : undefined;
  const gateTo =
    spot.kind === 'gate' ? c.exits.find((e) => e.gates.some((g) => g.id === spot.tag.id))?.to : undefined;
  const nc = sensor?.normallyClosed === true;
  const role =
    gateTo !== undefined ? `Gate to ${gateTo}` : (ROLES[spot.kind as keyof typeof ROLES] ?? 'Part');
  return (
    <TagSpot
      tag={spot.tag}
      role={role}
      activate={sensor && !sensor.reads ? 'pulse' : 'none'}
      class={`${sensor ? 'sensor' : spot.kind === 'motor' ? 'drive' : 'gate'}${nc ? ' nc' : ''}`}
      body={spot.body}
      badge={spot.badge}
      extra={nc ? ', normally closed' : ''}
    >
      {() => (
        <>
          <g transform={frame}>{shape(spot, sensor, c, half)}</g>
          {spot.kind === 'reader' ? (
            <ReaderBox spot={spot} text={`${spot.tag.name}: ${readout(ctx.store.get(spot.tag.id))}`} />
          ) : (
            <PlantLabel label={label} />
          )}
        </>
      )}
    </TagSpot>
  );
}

/** A spot's shape in its belt's frame. */
function shape(spot: PlacedSpot, sensor: LaidSensor | undefined, c: LaidConveyor, half: number) {
  const at = (spot.at ?? 0) * S;
  if (spot.kind === 'beam') return <Beam at={at} half={half} />;
  if (spot.kind === 'zone' && spot.at !== undefined)
    return <line class="beam" x1={at} y1={-half + 6} x2={at} y2={half - 6} />;
  if (sensor && (spot.kind === 'zone' || spot.kind === 'reader')) {
    const [from, to] = zoneSpan(c, sensor);
    return (
      <rect
        class={spot.kind === 'reader' ? 'reader-zone' : 'zone'}
        x={from * S}
        y={-half}
        width={(to - from) * S}
        height={half * 2}
      />
    );
  }
  const side = spot.side ?? 1;
  if (spot.kind === 'motor') {
    const y = side > 0 ? half + 8 : -half - 32;
    return (
      <>
        <rect class="motor" x={at} y={y} width={36} height={24} rx={5} />
        {/* A motor symbol (no letter: the name is the text a screen reader matches). */}
        <circle class="motor-mark" cx={at + 18} cy={y + 12} r={6} />
      </>
    );
  }
  const edge = side * (half + 8);
  return <path class="gate-paddle" d={`M ${at} ${edge} l 16 ${side * 26} l 16 ${-side * 26} z`} />;
}

function Beam({ at, half }: { at: number; half: number }) {
  const reach = BEAM.reach * S;
  return (
    <>
      <line class="beam" x1={at} y1={-half - reach + 10} x2={at} y2={half + reach - 10} />
      <rect class="beam-head" x={at - 7} y={-half - reach} width={14} height={12} rx={2} />
      <rect class="beam-head" x={at - 7} y={half + reach - 12} width={14} height={12} rx={2} />
    </>
  );
}

/** A reading sensor's readout, its name and its number, in the box the planner gave it. */
function ReaderBox({ spot, text }: { spot: PlacedSpot; text: string }) {
  const xs = spot.body.map(([x]) => x);
  const ys = spot.body.map(([, y]) => y);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  const h = Math.max(...ys) - y;
  return (
    <>
      <polygon class="reader-box" points={points(spot.body)} />
      <text class="reader-text" x={(x + 0.08) * S} y={(y + h / 2) * S} dominant-baseline="central">
        {text}
      </text>
    </>
  );
}

/** Another beam of a tag drawn elsewhere (one barrier across several ramps): lit with it, not a control. */
function Echo({
  sensor,
  conveyor,
  at,
  half,
}: {
  sensor: LaidSensor;
  conveyor: LaidConveyor;
  at: number;
  half: number;
}) {
  const ctx = useContext(PlantCtx)!;
  const look = tagLook(ctx.store.get(sensor.tag.id));
  const kind = sensorKind(conveyor, sensor);
  const [from, to] = zoneSpan(conveyor, sensor);
  return (
    <g
      class={`spot sensor echo ${look.classes}${sensor.normallyClosed ? ' nc' : ''}`}
      aria-hidden="true"
      data-echo={sensor.tag.name}
    >
      {kind === 'beam' ? (
        <Beam at={at * S} half={half} />
      ) : (
        <rect class="zone" x={from * S} y={-half} width={(to - from) * S} height={half * 2} />
      )}
    </g>
  );
}
