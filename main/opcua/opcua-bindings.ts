import type { ClientSession, ReferenceDescription } from 'node-opcua-client';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import type { OpcuaBinding } from '../../shared/opcua/client-settings.js';
import type { OpcuaClientLib } from './opcua-library.js';

/** A tag bound to a node, ready to use: the tag, and the node's id as the server spells it. */
export interface BoundTag {
  readonly tag: ApiTag;
  readonly nodeId: string;
}

/** The bindings a connection found, and what it could not bind, in words for the status. */
export interface Bound {
  readonly tags: BoundTag[];
  readonly problems: string[];
}

/** Browsing for names: at most this many nodes and this deep, so a vast server costs little. */
const MAX_BROWSED_NODES = 5000;
const MAX_BROWSE_DEPTH = 8;

/**
 * The bindings of a CSV (docs/opcua.md#binding-tags-to-nodes): each line's tag by name (or id)
 * in the scene served; a name the scene lacks is a problem, not a failure.
 */
export function bindFromCsv(engine: TagEngine, bindings: readonly OpcuaBinding[]): Bound {
  const tags: BoundTag[] = [];
  const missing: string[] = [];
  for (const { tag, nodeId } of bindings) {
    const found = engine.tagsNamed(tag);
    const byId = found.length === 0 ? engine.listTags().filter((t) => t.id === tag) : [];
    const [first] = [...found, ...byId];
    if (first) tags.push({ tag: first, nodeId });
    else missing.push(tag);
  }
  return { tags, problems: missing.length > 0 ? [`no tag named ${listed(missing)}`] : [] };
}

/**
 * Binds each tag whose name a Variable's browse name or display name matches, letter case and
 * spaces aside, browsing down from the Objects folder. A name two nodes share binds the first met.
 */
export async function bindByName(
  engine: TagEngine,
  session: ClientSession,
  lib: OpcuaClientLib,
): Promise<Bound> {
  const key = (name: string) => name.replace(/\s+/g, '').toLowerCase();
  const wanted = new Map<string, ApiTag>();
  for (const tag of engine.listTags()) if (!wanted.has(key(tag.name))) wanted.set(key(tag.name), tag);
  const bound = new Map<string, BoundTag>();
  let seen = 0;
  let level: string[] = [lib.resolveNodeId('ObjectsFolder').toString()];
  for (let depth = 0; depth < MAX_BROWSE_DEPTH && level.length > 0 && seen < MAX_BROWSED_NODES; depth++) {
    const results = await session.browse(
      level.map((nodeId) => ({
        nodeId,
        browseDirection: lib.BrowseDirection.Forward,
        referenceTypeId: 'HierarchicalReferences',
        includeSubtypes: true,
        resultMask: 0x3f,
      })),
    );
    const next: string[] = [];
    for (const reference of results.flatMap((r) => r.references ?? [])) {
      if (++seen > MAX_BROWSED_NODES) break;
      const nodeId = reference.nodeId.toString();
      if (reference.nodeClass === lib.NodeClass.Variable) {
        const tag = matchOf(reference, wanted, key);
        if (tag && !bound.has(tag.id)) bound.set(tag.id, { tag, nodeId });
      } else if (reference.nodeClass === lib.NodeClass.Object) next.push(nodeId);
    }
    level = next;
  }
  // A scene's tags the controller does not use are many and no fault: only none at all is one.
  return {
    tags: [...bound.values()],
    problems: bound.size === 0 ? [`no node's name matches a tag's (${seen} nodes browsed)`] : [],
  };
}

function matchOf(
  reference: ReferenceDescription,
  wanted: ReadonlyMap<string, ApiTag>,
  key: (name: string) => string,
): ApiTag | undefined {
  return (
    wanted.get(key(reference.browseName.name ?? '')) ?? wanted.get(key(reference.displayName.text ?? ''))
  );
}

/** `Start, Stop and 3 more`. */
export function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
