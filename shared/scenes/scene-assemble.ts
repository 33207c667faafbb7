import { FIRST_RESERVED_ADDRESS, spaceKey } from '../core/address-space.js';
import type { SceneDefinition } from './scene-definition.js';
import { SYSTEM_TAGS, type SystemTagSpec } from '../core/system-tags.js';
import type { TagDefinition, TagKind, TagType, TagValue } from '../core/tag-types.js';
import { builtinTagDefaults, sceneStart } from './builtin-scenes.js';
import { serializeScene, validateSceneJson } from './scene-file.js';
import type { PlacedProblem } from '../problems/problem-list.js';

/** A tag as an import found it, before TagSim's address rules are applied. */
export interface ImportedTag {
  /** Where it came from, for notes and problems: `line 7`, `tags[3]`. */
  where: string;
  name: string;
  kind: TagKind;
  type: TagType;
  /** Its id when the source has one; otherwise a name-based one is made. */
  id?: string;
  /** The address the source suggests, if any. */
  address?: number;
  /** Why there is no suggested address, in a note's words ("has no Address"). */
  noAddress?: string;
  initial?: TagValue;
  /** The state it starts in, where the source keeps one (a saved scene's forces and failures). */
  start?: Pick<TagDefinition, 'forced' | 'forcedValue' | 'failure'>;
}

/** The outcome of assembling: a valid scene and notes, or the problems that prevent one. */
export type Assembled =
  { ok: true; scene: SceneDefinition; notes: string[] } | { ok: false; problems: PlacedProblem[] };

const TIME_SCALE = 'FACTORY I/O (Time Scale)';

/**
 * Turns imported tags into a scene that loads, deciding what TagSim must decide and saying so in
 * notes:
 * - system tags (by name and kind) take their fixed address; a wrong type or a repeat is a problem;
 * - every other tag keeps the address it suggests when that is a free user address of its
 *   (kind, type) space, else gets the lowest free one (suggestions are honoured before any
 *   free address is handed out, so a later tag's address is never taken by an earlier one);
 * - tags without an id get the id (and value at rest) of the same tag of the built-in scene of
 *   that name, else a name-based id (UUID v5 of scene name, kind, type and name; a repeated name
 *   gets a numbered one), so the same input gives the same ids;
 * - missing system tags are added at the end, the Time Scale starting at 1.
 */
export function assembleScene(
  sceneName: string,
  imported: readonly ImportedTag[],
  options: { validate?: boolean } = {},
): Assembled {
  const problems: PlacedProblem[] = [];
  const notes: string[] = [];
  const systemOf = new Map<ImportedTag, SystemTagSpec>();
  const systemSeen = new Map<string, string>();
  for (const t of imported) {
    const system = SYSTEM_TAGS.find((s) => s.name === t.name && s.kind === t.kind);
    if (!system) continue;
    if (system.type !== t.type) {
      problems.push({
        path: t.where,
        message: `the system tag '${t.name}' is ${system.kind} ${system.type}; got ${t.type}`,
      });
      continue;
    }
    const first = systemSeen.get(`${t.kind} ${t.name}`);
    if (first !== undefined) {
      problems.push({
        path: t.where,
        message: `the system tag '${t.name}' (${t.kind}) is already at ${first}; keep one`,
      });
      continue;
    }
    systemSeen.set(`${t.kind} ${t.name}`, t.where);
    systemOf.set(t, system);
  }
  if (problems.length > 0) return { ok: false, problems };

  const taken = new Map<string, string>(); // "Input Bit 3" -> where
  const addresses = new Map<ImportedTag, number>();
  const claim = (t: ImportedTag, address: number) => {
    addresses.set(t, address);
    taken.set(`${spaceKey(t.kind, t.type)} ${address}`, t.where);
  };
  for (const [t, system] of systemOf) claim(t, system.address);
  for (const t of imported) {
    if (systemOf.has(t) || t.address === undefined) continue;
    if (!Number.isInteger(t.address) || t.address < 0 || t.address >= FIRST_RESERVED_ADDRESS[t.type])
      continue;
    if (!taken.has(`${spaceKey(t.kind, t.type)} ${t.address}`)) claim(t, t.address);
  }
  for (const t of imported) {
    if (addresses.has(t)) continue;
    const free = lowestFree(taken, t.kind, t.type);
    if (free === undefined) {
      problems.push({
        path: t.where,
        message: `no ${t.kind} ${t.type} address is left for '${t.name}' (0-${FIRST_RESERVED_ADDRESS[t.type] - 1} are all taken)`,
      });
      continue;
    }
    const why =
      t.address === undefined
        ? (t.noAddress ?? 'has no address')
        : t.address < 0 || t.address >= FIRST_RESERVED_ADDRESS[t.type]
          ? `has ${t.type} address ${t.address}, outside the user range 0-${FIRST_RESERVED_ADDRESS[t.type] - 1}`
          : `has ${t.kind} ${t.type} address ${t.address}, already taken at ${taken.get(`${spaceKey(t.kind, t.type)} ${t.address}`)}`;
    claim(t, free);
    notes.push(`${t.where}: '${t.name}' ${why}; it gets ${t.kind} ${t.type} ${free}`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const defaults = builtinTagDefaults(sceneName);
  const occurrences = new Map<string, number>();
  const tags: TagDefinition[] = imported.map((t) => {
    const key = `${t.kind}\n${t.type}\n${t.name}`;
    const n = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, n);
    const known = defaults(t.kind, t.type, t.name, n);
    const initial = t.initial ?? known.initial ?? (t.name === TIME_SCALE && systemOf.has(t) ? 1 : undefined);
    return {
      id: t.id ?? known.id,
      name: t.name,
      kind: t.kind,
      type: t.type,
      address: addresses.get(t)!,
      ...(initial !== undefined ? { initial } : {}),
      ...(t.start ?? sceneStart(known)),
    };
  });
  const added = SYSTEM_TAGS.filter((s) => !systemSeen.has(`${s.kind} ${s.name}`));
  for (const s of added) {
    tags.push({
      id: defaults(s.kind, s.type, s.name, 1).id,
      ...s,
      ...(s.name === TIME_SCALE ? { initial: 1 } : {}),
    });
  }
  if (added.length > 0) {
    notes.push(
      `added the system tag${added.length > 1 ? 's' : ''} it lacks: ${added.map((s) => `'${s.name}' (${s.kind})`).join(', ')}`,
    );
  }
  // The file rules have the last word (ids, names, sizes): what an import gives always loads.
  // A caller that adds more to the scene checks it whole itself (`validate: false`).
  if (options.validate === false) return { ok: true, scene: { name: sceneName, tags }, notes };
  try {
    return {
      ok: true,
      scene: validateSceneJson(JSON.parse(serializeScene({ name: sceneName, tags }))),
      notes,
    };
  } catch (error) {
    const listed = (error as { problems?: PlacedProblem[] }).problems;
    if (!listed) throw error;
    return { ok: false, problems: listed };
  }
}

function lowestFree(taken: ReadonlyMap<string, string>, kind: TagKind, type: TagType): number | undefined {
  for (let a = 0; a < FIRST_RESERVED_ADDRESS[type]; a++)
    if (!taken.has(`${spaceKey(kind, type)} ${a}`)) return a;
  return undefined;
}
