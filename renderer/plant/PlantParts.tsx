import { useContext } from 'preact/hooks';
import { tankMarks, VALVE_TEXT } from '../../shared/plant/drawn-marks.js';
import { type BlockItem, CHIP_LAMP, readoutText } from '../../shared/plant/part-spots.js';
import type { LaidPart, PartRole, PlacedTag } from '../../shared/plant/plant-types.js';
import type { PlacedBlock, SpotPlan } from '../../shared/plant/spot-plan.js';
import { PlantCtx } from './plant-context.js';
import { SCALE } from './plant-motion.js';
import { readout } from './tag-look.js';
import { TagSpot } from './TagSpot.js';

const S = SCALE;

/** What a machine's tag is said to be, by its role. */
const ROLE_WORDS: Partial<Record<PartRole, string>> = {
  position: 'Position',
  target: 'Target',
  command: 'Axis command',
  reading: 'Reading',
  drive: 'Drive',
  moving: 'Moving',
  grab: 'Gripper',
  detected: 'Detects',
};

function role(part: LaidPart, r: PartRole): PlacedTag | undefined {
  return part.tags.find((t) => t.role === r)?.tag;
}

/** A number tag's value as a fraction of its range (0-10 where the scene gives none, as the simulator's analog I/O). */
export function useFraction(tag: PlacedTag | undefined, max = 10): number {
  const ctx = useContext(PlantCtx)!;
  const value = tag ? ctx.store.get(tag.id)?.value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? Math.min(1, Math.max(0, value / max)) : 0;
}

/**
 * A tank: its body with the level (where a level sensor measures it; a scene without one says
 * so), the set point's line, the inlet and outlet valves and the liquid each pours while open.
 */
export function Tank({ part, spots }: { part: LaidPart; spots: SpotPlan }) {
  const ctx = useContext(PlantCtx)!;
  const level = role(part, 'level');
  const fill = role(part, 'fill');
  const drain = role(part, 'drain');
  const setpoint = role(part, 'setpoint');
  const fraction = useFraction(level);
  const sp = useFraction(setpoint);
  const t = tankMarks(part.width, part.height);
  const [x0, y0] = [part.x * S, part.y * S];
  const body = { x: x0 + t.body.x * S, y: y0 + t.body.y * S, w: t.body.width * S, h: t.body.height * S };
  const spot = (key: 'level' | 'setpoint') => spots.byKey.get(`${key} ${part.label} 0`);
  const inflow = useFraction(fill) > 0;
  const outflow = useFraction(drain) > 0;
  return (
    <g class={`part part-tank${part.simulated ? '' : ' part-unsimulated'}`} data-part={part.label}>
      <rect class="tank-body" x={body.x} y={body.y} width={body.w} height={body.h} rx={12} />
      {level ? (
        <rect
          class="tank-liquid"
          x={body.x + 4}
          y={body.y + 4 + (body.h - 8) * (1 - fraction)}
          width={body.w - 8}
          height={(body.h - 8) * fraction}
          rx={8}
        />
      ) : null}
      {/* The liquid each open valve pours: in from the top, out at the bottom. */}
      {inflow
        ? pour(
            x0 + t.fillValve.x * S,
            y0 + t.fillValve.y * S,
            level ? body.y + 4 + (body.h - 8) * (1 - fraction) : body.y + body.h - 4,
          )
        : null}
      {outflow ? pour(x0 + t.drainValve.x * S, y0 + t.drainValve.y * S, y0 + t.drainValve.y * S + 52) : null}
      {level ? null : (
        // Nothing measures the level in this scene: say so rather than show an empty tank, over the
        // liquid that pours in.
        <text class="tank-note" x={body.x + body.w / 2} y={body.y + body.h / 2} text-anchor="middle">
          <tspan x={body.x + body.w / 2}>No level sensor</tspan>
          <tspan x={body.x + body.w / 2} dy="1.3em">
            in this scene
          </tspan>
        </text>
      )}
      {setpoint && spot('setpoint') ? (
        <TagSpot
          tag={setpoint}
          role="Set point"
          body={spot('setpoint')!.body}
          badge={spot('setpoint')!.badge}
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
                x={x0 + t.setpointTextEnd * S}
                y={body.y + body.h * (1 - sp) + 5}
                text-anchor="end"
              >
                {`${setpoint.name} ${readout(ctx.store.get(setpoint.id))}`}
              </text>
            </>
          )}
        </TagSpot>
      ) : null}
      {level && spot('level') ? (
        <TagSpot tag={level} role="Level" body={spot('level')!.body} badge={spot('level')!.badge}>
          {() => (
            <>
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
      {(['fill', 'drain'] as const).map((r) => {
        const tag = r === 'fill' ? fill : drain;
        const placed = spots.byKey.get(`valve ${part.label} ${r}`);
        if (!tag || !placed) return null;
        const at = r === 'fill' ? t.fillValve : t.drainValve;
        return (
          <Valve
            key={r}
            tag={tag}
            at={{ x: x0 + at.x * S, y: y0 + at.y * S }}
            name={r === 'fill' ? 'Inlet valve' : 'Outlet valve'}
            body={placed.body}
            badge={placed.badge}
          />
        );
      })}
    </g>
  );
}

/** The liquid an open valve at (x, y) pours, down to `bottom` (drawing units). */
function pour(x: number, y: number, bottom: number) {
  return <rect class="flow" x={x - 5} y={y + 12} width={10} height={Math.max(0, bottom - y - 12)} />;
}

function Valve(
  props: { tag: PlacedTag; at: { x: number; y: number }; name: string } & Pick<
    Parameters<typeof TagSpot>[0],
    'body' | 'badge'
  >,
) {
  const ctx = useContext(PlantCtx)!;
  const { x, y } = props.at;
  const open = useFraction(props.tag) > 0;
  const tag = props.tag;
  return (
    <TagSpot tag={tag} role={props.name} class="valve" body={props.body} badge={props.badge}>
      {(look) => (
        <>
          <path
            class={`valve-body${open ? ' open' : ''}`}
            d={`M ${x - 20} ${y - 12} L ${x + 20} ${y + 12} L ${x + 20} ${y - 12} L ${x - 20} ${y + 12} Z`}
          />
          <text class="spot-label" x={x + VALVE_TEXT.dx * S} y={y + VALVE_TEXT.baseline * S}>
            {`${tag.name} ${tag.type === 'Bit' ? (look.on ? 'open' : 'closed') : readout(ctx.store.get(tag.id))}`}
          </text>
        </>
      )}
    </TagSpot>
  );
}

/** A machine's block of texts where the planner put it: its title, a readout per number or command, a chip per other tag. */
export function PartBlock({ block, spots }: { block: PlacedBlock; spots: SpotPlan }) {
  return (
    <g class="part-block" data-block={block.part}>
      {block.items.map((item) =>
        item.kind === 'title' ? (
          <text
            key={item.key}
            class="part-label"
            x={(block.x + item.box.x) * S}
            y={(block.y + item.box.y + item.box.height / 2) * S}
            dominant-baseline="central"
          >
            {item.text}
          </text>
        ) : (
          <BlockSpot key={item.key} item={item} x={block.x} y={block.y} spots={spots} />
        ),
      )}
    </g>
  );
}

function BlockSpot({ item, x, y, spots }: { item: BlockItem; x: number; y: number; spots: SpotPlan }) {
  const ctx = useContext(PlantCtx)!;
  const spot = spots.byKey.get(item.key);
  if (!spot || !item.tag) return null;
  const tag = item.tag;
  const [left, top] = [(x + item.box.x) * S, (y + item.box.y) * S];
  const h = item.box.height * S;
  const words = ROLE_WORDS[item.role ?? 'lamp'] ?? (tag.kind === 'Input' ? 'Lamp' : 'Switch');
  return (
    <TagSpot
      tag={tag}
      role={words}
      activate={item.kind === 'chip' && tag.kind === 'Input' ? 'pulse' : 'none'}
      class={`block-${item.kind}`}
      body={spot.body}
      badge={spot.badge}
    >
      {(look) =>
        item.kind === 'readout' ? (
          <text
            class={`spot-label${item.role === 'command' && look.on ? ' command lit' : ''}`}
            x={left}
            y={top + h / 2}
            dominant-baseline="central"
          >
            {readoutText(
              tag,
              item.role!,
              item.role === 'command' ? (look.on ? 'far end' : 'home') : readout(ctx.store.get(tag.id)),
            )}
          </text>
        ) : (
          <>
            {item.kind === 'motor' ? (
              <>
                <rect class="motor" x={left} y={top + 1} width={CHIP_LAMP * S - 2} height={h - 2} rx={4} />
                <circle class="motor-mark" cx={left + (CHIP_LAMP * S) / 2 - 1} cy={top + h / 2} r={5} />
              </>
            ) : (
              <circle
                class={`chip-lamp ${tag.kind === 'Input' ? 'lamp' : 'switch'}`}
                cx={left + 9}
                cy={top + h / 2}
                r={8}
              />
            )}
            <text
              class="spot-label chip-text"
              x={left + CHIP_LAMP * S}
              y={top + h / 2}
              dominant-baseline="central"
            >
              {tag.type === 'Bit' ? tag.name : `${tag.name} ${readout(ctx.store.get(tag.id))}`}
            </text>
          </>
        )
      }
    </TagSpot>
  );
}
