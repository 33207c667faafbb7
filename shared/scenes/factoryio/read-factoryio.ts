import { type PlacedProblem, ValidationError } from '../../problems/problem-list.js';
import type { SceneDefinition } from '../scene-definition.js';
import { assembleScene } from '../scene-assemble.js';
import { FACTORYIO_EXTENSION } from '../file-names.js';
import { serializeScene, validateSceneJson } from '../scene-file.js';
import type { TagDefinition } from '../../core/tag-types.js';
import type { PlacementHints } from '../../plant/plant-types.js';
import type { Behaviour } from '../../sim/behaviour-types.js';
import { builtinPlant } from '../builtin/builtin-plants.js';
import { builtinCopyOf } from './builtin-copy.js';
import { type FioPart, readParts } from './fio-document.js';
import { layoutOf } from './fio-layout.js';
import { genericPlant } from './generic-plant.js';
import { readDrivers } from './fio-drivers.js';
import { importedTags } from './fio-tags.js';
import { Problems } from './fio-values.js';
import { parseXmlTree, XmlError } from './xml-tree.js';

// The reader of the simulator's saved scenes (`*.factoryio`), at the edge: it turns the file
// into the scene model every other scene has (tags, drivers, plant, layout), so nothing past it
// knows where a scene came from (docs/scenes.md, "Your own scenes"; the format:
// docs/fidelity.md, "Saved scene files").

const WHAT = 'FACTORY I/O scene';

/** A scene read from a foreign format, with what the reader decided on the way (one line each). */
export interface ReadScene {
  readonly scene: SceneDefinition;
  readonly notes: readonly string[];
}

/**
 * Reads a saved scene's text. Throws a ValidationError naming the file and every problem with its
 * line: XML that is cut off, hostile or not a saved scene, a tag without a key, a value that is
 * not one. A file with problems is never half-read.
 */
export function readFactoryIoScene(text: string, fileName: string): ReadScene {
  const fail = (problems: readonly PlacedProblem[]): never => {
    throw new ValidationError(problems, fileName, WHAT);
  };
  let root;
  try {
    root = parseXmlTree(text);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    return fail([{ path: `line ${error.line}`, message: error.problem }]);
  }
  if (root.name !== 'FactoryIO')
    fail([
      {
        path: `line ${root.line}`,
        message: `the root element is <${root.name}>; a saved scene's is <FactoryIO>`,
      },
    ]);
  const problems = new Problems();
  const parts = readParts(root, problems);
  const { keys, drivers } = readDrivers(root, problems);
  if (problems.list.length > 0) fail(problems.list);

  const name = sceneNameOf(fileName);
  // Checked whole below, with the plant and the layout.
  const assembled = assembleScene(name, importedTags(parts, keys), { validate: false });
  if (!assembled.ok) return fail(assembled.problems);
  const description = root.children.find((c) => c.name === 'Description')?.attributes['Data']?.trim();
  const plant = plantOf(parts, assembled.scene.tags);
  const scene: SceneDefinition = {
    ...assembled.scene,
    ...(description ? { description } : {}),
    ...(plant.behaviours.length > 0 ? { behaviours: plant.behaviours } : {}),
    ...(plant.layout ? { layout: plant.layout } : {}),
    ...(Object.keys(drivers).length > 0 ? { drivers } : {}),
  };
  // The file rules have the last word: what a reader gives always loads, and saves as it loads.
  const checked = validateSceneJson(JSON.parse(serializeScene(scene)), fileName);
  return { scene: checked, notes: [...assembled.notes, ...plant.notes] };
}

/**
 * The plant of a saved scene: the built-in plant of the scene it is a copy of, else the generic
 * one its parts make, with where the Plant view draws it.
 */
function plantOf(
  parts: readonly FioPart[],
  tags: readonly TagDefinition[],
): { behaviours: readonly Behaviour[]; layout?: PlacementHints; notes: string[] } {
  const copy = builtinCopyOf(parts, tags);
  if (copy !== undefined) {
    const { behaviours, layout } = builtinPlant(copy)!;
    return {
      behaviours,
      layout,
      notes: [`a copy of the built-in scene "${copy}": it runs that scene's plant`],
    };
  }
  const generic = genericPlant(parts);
  const { layout, notes } = layoutOf(parts, generic);
  return { behaviours: generic.conveyors, layout, notes };
}

/** The scene's name: the file's, without its ending (`Line 3.factoryio` is "Line 3"). */
export function sceneNameOf(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const name = base.toLowerCase().endsWith(FACTORYIO_EXTENSION)
    ? base.slice(0, -FACTORYIO_EXTENSION.length)
    : base;
  return name.trim() || 'Saved scene';
}
