import { useContext } from 'preact/hooks';
import { tankMarks, VALVE_TEXT } from '../../shared/plant/drawn-marks.js';
import { labelKey, type PlacedLabel } from '../../shared/plant/labels.js';
import type { LaidPart, PartRole, PlacedTag } from '../../shared/plant/plant-types.js';
import { PlantCtx } from './plant-context.js';
import { SCALE } from './plant-motion.js';
import { PlantLabel } from './PlantLabel.js';
import { readout } from './tag-look.js';
import { TagSpot } from './TagSpot.js';

const S = SCALE;

/** Where the label placer put a machine's texts (its title, readouts and chips). */
type Labels = ReadonlyMap<string, PlacedLabel>;

/** A machine of the plant that is not a belt: a tank, an axis (gantry, crane, elevator), a station. */
export function PlantPart({ part, labels }: { part: LaidPart; labels: Labels }) {
  const x = part.x * S;
  const y = part.y * S;
  const w = part.width * S;
  const h = part.height * S;
  return (
    <g
      class={`part part-${part.part}${part.simulated ? '' : ' part-unsimulated'}`}
      transform={`translate(${x} ${y})`}
      data-part={part.label}
    >
      <title>
        {part.simulated ? part.label : `${part.label} (not simulated: its tags are yours to set)`}
      </title>
      {part.part === 'tank' ? <Tank part={part} labels={labels} /> : null}
      {['axis', 'crane', 'elevator'].includes(part.part) ? (
        <Axis part={part} w={w} h={h} labels={labels} />
      ) : null}
      {!['tank', 'axis', 'crane', 'elevator'].includes(part.part) ? (
        <Station part={part} w={w} h={h} labels={labels} />
      ) : null}
    </g>
  );
}

function role(part: LaidPart, r: PartRole): PlacedTag | undefined {
  return part.tags.find((t) => t.role === r)?.tag;
}

/** A number tag's value as a fraction of its range (0-10 where the scene gives none, as the simulator's analog I/O). */
function useFraction(tag: PlacedTag | undefined, max = 10): number {
  const ctx = useContext(PlantCtx)!;
  const value = tag ? ctx.store.get(tag.id)?.value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? Math.min(1, Math.max(0, value / max)) : 0;
}

function Tank({ part, labels }: { part: LaidPart; labels: Labels }) {
  const ctx = useContext(PlantCtx)!;
  const level = role(part, 'level');
  const fill = role(part, 'fill');
  const drain = role(part, 'drain');
  const setpoint = role(part, 'setpoint');
  const fraction = useFraction(level);
  const sp = useFraction(setpoint);
  const t = tankMarks(part.width, part.height);
  const body = {
    x: t.body.x * SCALE,
    y: t.body.y * SCALE,
    w: t.body.width * SCALE,
    h: t.body.height * SCALE,
  };
  const used = new Set([level, fill, drain, setpoint].filter(Boolean).map((t) => t!.id));
  const others = part.tags.filter((t) => !used.has(t.tag.id));
  return (
    <>
      <rect class="tank-body" x={body.x} y={body.y} width={body.w} height={body.h} rx={12} />
      <rect
        class="tank-liquid"
        x={body.x + 4}
        y={body.y + 4 + (body.h - 8) * (1 - fraction)}
        width={body.w - 8}
        height={(body.h - 8) * fraction}
        rx={8}
      />
      {setpoint ? (
        <TagSpot
          tag={setpoint}
          role="Set point"
          mark={{ x: body.x + body.w + 20, y: body.y + body.h * (1 - sp) }}
        >
          {() => (
            <>
              <line
                class="tank-setpoint"
                x1={body.x - 10}
                x2={body.x + body.w + 10}
                y1={body.y + body.h * (1 - sp)}
                y2={body.y + body.h * (1 - sp)}
              />
              <text
                class="spot-label"
                x={t.setpointTextEnd * SCALE}
                y={body.y + body.h * (1 - sp) + 5}
                text-anchor="end"
              >
                {`${setpoint.name} ${readout(ctx.store.get(setpoint.id))}`}
              </text>
            </>
          )}
        </TagSpot>
      ) : null}
      {level ? (
        <TagSpot tag={level} role="Level" mark={{ x: body.x + body.w - 10, y: body.y + 20 }}>
          {() => (
            <>
              <rect class="hit" x={body.x} y={body.y} width={body.w} height={body.h} />
              <text class="tank-readout" x={body.x + body.w / 2} y={body.y + body.h / 2} text-anchor="middle">
                {readout(ctx.store.get(level.id))}
              </text>
              <text
                class="spot-label"
                x={body.x + body.w / 2}
                y={body.y + body.h / 2 + 26}
                text-anchor="middle"
              >
                {level.name}
              </text>
            </>
          )}
        </TagSpot>
      ) : null}
      {fill ? <Valve tag={fill} at={t.fillValve} name="Inlet valve" /> : null}
      {drain ? <Valve tag={drain} at={t.drainValve} name="Outlet valve" /> : null}
      <Chips tags={others} part={part} labels={labels} />
    </>
  );
}

function Valve({ tag, at, name }: { tag: PlacedTag; at: { x: number; y: number }; name: string }) {
  const ctx = useContext(PlantCtx)!;
  const [x, y] = [at.x * SCALE, at.y * SCALE];
  const { dx, baseline } = VALVE_TEXT;
  const open = useFraction(tag);
  return (
    <TagSpot tag={tag} role={name} class="valve" mark={{ x: x + 34, y: y - 12 }}>
      {(look) => (
        <>
          <path
            class={`valve-body${open > 0 ? ' open' : ''}`}
            d={`M ${x - 20} ${y - 12} L ${x + 20} ${y + 12} L ${x + 20} ${y - 12} L ${x - 20} ${y + 12} Z`}
          />
          {open > 0 ? <rect class="flow" x={x - 4} y={y + 12} width={8} height={26 * open + 4} /> : null}
          <text class="spot-label" x={x + dx * SCALE} y={y + baseline * SCALE}>
            {`${tag.name} ${tag.type === 'Bit' ? (look.on ? 'open' : 'closed') : readout(ctx.store.get(tag.id))}`}
          </text>
        </>
      )}
    </TagSpot>
  );
}

/**
 * An axis: a rail and a carriage. The carriage stands where a position tag says (0-10), or for a
 * two-end axis (a Bit command and a `moving` lamp) at the end it was sent to, gliding there.
 */
function Axis({ part, w, h, labels }: { part: LaidPart; w: number; h: number; labels: Labels }) {
  const ctx = useContext(PlantCtx)!;
  const position = role(part, 'position');
  const command = role(part, 'command');
  const moving = role(part, 'moving');
  const vertical = part.axis !== 'x';
  const posFraction = useFraction(position);
  const sent = useFraction(command) > 0;
  const isMoving = moving ? ctx.store.get(moving.id)?.value === true : false;
  const fraction = position ? posFraction : isMoving ? 0.5 : sent ? 1 : 0;
  const span = (vertical ? h : w) - 60;
  const carriage = 30 + span * fraction;
  const used = new Set([position, command].filter(Boolean).map((t) => t!.id));
  const others = part.tags.filter((t) => !used.has(t.tag.id));
  return (
    <>
      <rect
        class="axis-rail"
        x={vertical ? w / 2 - 8 : 0}
        y={vertical ? 0 : h / 2 - 8}
        width={vertical ? 16 : w}
        height={vertical ? h : 16}
        rx={8}
      />
      <PlantLabel label={labels.get(labelKey('part', part.label))} frame={part} class="part-label" />
      <g
        class="carriage"
        style={{
          transform: vertical
            ? `translate(${w / 2}px, ${carriage}px)`
            : `translate(${carriage}px, ${h / 2}px)`,
        }}
      >
        <rect x={-28} y={-22} width={56} height={44} rx={6} />
      </g>
      {position ? (
        <Readout tag={position} part={part} label={labels.get(labelKey('readout', part.label, 0))} />
      ) : null}
      {command ? (
        <TagSpot tag={command} role="Axis command" mark={{ x: w + 20, y: h / 2 + 20 }}>
          {(look) => (
            <PlantLabel
              label={labels.get(labelKey('readout', part.label, 1))}
              frame={part}
              class={`spot-label command${look.on ? ' lit' : ''}`}
              text={`${command.name}: ${look.on ? 'far end' : 'home'}`}
            />
          )}
        </TagSpot>
      ) : null}
      <Chips tags={others} part={part} labels={labels} />
    </>
  );
}

function Readout({ tag, part, label }: { tag: PlacedTag; part: LaidPart; label: PlacedLabel | undefined }) {
  const ctx = useContext(PlantCtx)!;
  const at = label
    ? { x: (label.box.x + label.box.width - part.x) * S, y: (label.box.y - part.y) * S }
    : { x: 0, y: 0 };
  return (
    <TagSpot tag={tag} role="Position" mark={{ x: at.x + 14, y: at.y + 10 }}>
      {() => (
        <PlantLabel label={label} frame={part} text={`${tag.name}: ${readout(ctx.store.get(tag.id))}`} />
      )}
    </TagSpot>
  );
}

/** A machine drawn as a block with a lamp (Input) or switch (Output) chip per tag. */
function Station({ part, w, h, labels }: { part: LaidPart; w: number; h: number; labels: Labels }) {
  return (
    <>
      <rect class="station-body" x={0} y={0} width={w} height={h} rx={8} />
      <PlantLabel label={labels.get(labelKey('part', part.label))} frame={part} class="part-label" />
      <Chips tags={part.tags} part={part} labels={labels} />
    </>
  );
}

/** Small labelled lamps and switches, each where the label placer put it, for the tags a part has no drawing for. */
function Chips({ tags, part, labels }: { tags: LaidPart['tags']; part: LaidPart; labels: Labels }) {
  const ctx = useContext(PlantCtx)!;
  return (
    <>
      {tags.map((t, i) => {
        const placed = labels.get(labelKey('chip', part.label, i));
        if (!placed) return null;
        const cx = (placed.box.x - part.x) * S;
        const cy = (placed.box.y - part.y) * S;
        return (
          <TagSpot
            key={t.tag.id}
            tag={t.tag}
            role={t.role}
            activate={t.tag.kind === 'Input' ? 'pulse' : 'none'}
            mark={{ x: cx + placed.box.width * S + 14, y: cy + 10 }}
          >
            {() => (
              <>
                <circle
                  class={`chip-lamp ${t.tag.kind === 'Input' ? 'lamp' : 'switch'}`}
                  cx={cx + 9}
                  cy={cy + 10}
                  r={8}
                />
                <text class="spot-label chip-text" x={cx + 22} y={cy + 15}>
                  {t.tag.type === 'Bit' ? t.tag.name : `${t.tag.name} ${readout(ctx.store.get(t.tag.id))}`}
                </text>
              </>
            )}
          </TagSpot>
        );
      })}
    </>
  );
}
