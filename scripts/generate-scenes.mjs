#!/usr/bin/env node
// Builds shared/scenes/reference-scenes.generated.ts from two tables, so the product never reads
// them at run time:
// - the product side's reference table (scene, name, type, kind; tab-separated): the tags the
//   vendor's sample controllers use, for every built-in scene, in catalogue order;
// - scripts/data/factoryio-scene-tags.tsv: where a saved copy of the simulator's own scene is
//   public, every tag of that scene with its id, address, value at rest and the force the scene
//   keeps on it (`UseForcedValue`, `ForcedValue`: emitters and removers; docs/fidelity.md).
//   Such a scene is taken whole from it; it must hold every tag of the reference table.
// - scripts/data/factoryio-scene-addresses.tsv: for a scene without a public saved copy, the
//   address of every reference tag where a public program that drives the simulator by address
//   gives them all (docs/fidelity.md, "Addresses without a saved copy"), with the source.
// Usage: node scripts/generate-scenes.mjs [path/to/factoryio-scenes.tsv]
import { readFileSync, writeFileSync, renameSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCENE_TAG_COLUMNS } from './scene-tag-columns.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = process.argv[2] ?? `${root}../shared/reference/factoryio-scenes.tsv`;
const evidenceFile = `${root}scripts/data/factoryio-scene-tags.tsv`;
const addressesFile = `${root}scripts/data/factoryio-scene-addresses.tsv`;
const target = `${root}shared/scenes/reference-scenes.generated.ts`;

const TYPES = ['Bit', 'Int', 'Float'];
const KINDS = ['Input', 'Output'];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SYSTEM = /^FACTORY I\/O \(/;

/** The rows of a tab-separated table with the given header, as objects. */
function readTable(path, columns, extra = []) {
  const [header, ...rows] = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (header !== [...columns, ...extra].join('\t'))
    throw new Error(`Unexpected header in ${path}: ${header}`);
  return rows.map((row) => {
    const cells = row.split('\t');
    const record = Object.fromEntries([...columns, ...extra].map((c, i) => [c, cells[i] ?? '']));
    if (!TYPES.includes(record.type) || !KINDS.includes(record.kind)) {
      throw new Error(`Bad row in ${path}: ${row}`);
    }
    return record;
  });
}

const reference = readTable(source, ['scene', 'name', 'type', 'kind']);
const evidence = readTable(evidenceFile, SCENE_TAG_COLUMNS);

const scenes = new Map();
for (const r of reference) {
  if (!scenes.has(r.scene)) scenes.set(r.scene, { name: r.scene, tags: [], required: [] });
  const scene = scenes.get(r.scene);
  scene.required.push(r);
  scene.tags.push({ name: r.name, type: r.type, kind: r.kind });
}

const fromEvidence = new Map();
for (const r of evidence) {
  if (!scenes.has(r.scene)) throw new Error(`${evidenceFile}: '${r.scene}' is not a built-in scene`);
  if (!GUID.test(r.id)) throw new Error(`${evidenceFile}: bad id for ${r.scene} / ${r.name}: ${r.id}`);
  if (!/^\d+$/.test(r.address)) throw new Error(`${evidenceFile}: bad address for ${r.scene} / ${r.name}`);
  if (!['', 'true'].includes(r.initial)) throw new Error(`${evidenceFile}: bad initial for ${r.name}`);
  if (!['', 'true', 'false'].includes(r.forced) || (r.forced !== '' && r.type !== 'Bit'))
    throw new Error(`${evidenceFile}: bad forced for ${r.name}`);
  if (!fromEvidence.has(r.scene)) fromEvidence.set(r.scene, { tags: [], systemIds: {} });
  const found = fromEvidence.get(r.scene);
  if (SYSTEM.test(r.name)) found.systemIds[`${r.kind} ${r.name}`] = r.id;
  else {
    found.tags.push({
      name: r.name,
      type: r.type,
      kind: r.kind,
      address: Number(r.address),
      id: r.id,
      ...(r.initial === 'true' ? { initial: true } : {}),
      ...(r.forced !== '' ? { forced: r.forced === 'true' } : {}),
      ...(r.part ? { part: r.part } : {}),
    });
  }
}

for (const [name, found] of fromEvidence) {
  const scene = scenes.get(name);
  for (const want of scene.required) {
    const has = found.tags.some((t) => t.name === want.name && t.type === want.type && t.kind === want.kind);
    if (!has) throw new Error(`${evidenceFile}: ${name} lacks '${want.name}' (${want.type} ${want.kind})`);
  }
  const seen = new Set();
  for (const t of found.tags) {
    const key = `${t.kind} ${t.type} ${t.address}`;
    if (seen.has(key)) throw new Error(`${evidenceFile}: ${name} uses ${key} twice`);
    seen.add(key);
  }
  scene.tags = found.tags;
  scene.systemIds = found.systemIds;
}

// Addresses of scenes without a saved copy: all of a scene's reference tags, or none.
const addressRows = readTable(addressesFile, ['scene', 'name', 'type', 'kind'], ['address', 'source']);
const addressed = new Map();
for (const r of addressRows) {
  const scene = scenes.get(r.scene);
  if (!scene) throw new Error(`${addressesFile}: '${r.scene}' is not a built-in scene`);
  if (fromEvidence.has(r.scene)) throw new Error(`${addressesFile}: ${r.scene} has a saved copy`);
  if (!/^\d+$/.test(r.address)) throw new Error(`${addressesFile}: bad address for ${r.scene} / ${r.name}`);
  if (!r.source.trim()) throw new Error(`${addressesFile}: no source for ${r.scene} / ${r.name}`);
  const tag = scene.tags.find((t) => t.name === r.name && t.type === r.type && t.kind === r.kind);
  if (!tag) throw new Error(`${addressesFile}: ${r.scene} has no tag '${r.name}' (${r.type} ${r.kind})`);
  if (tag.address !== undefined) throw new Error(`${addressesFile}: ${r.scene} / ${r.name} twice`);
  const space = `${r.kind} ${r.type} ${r.address}`;
  const used = addressed.get(r.scene) ?? new Set();
  if (used.has(space)) throw new Error(`${addressesFile}: ${r.scene} uses ${space} twice`);
  used.add(space);
  addressed.set(r.scene, used);
  tag.address = Number(r.address);
}
for (const name of addressed.keys()) {
  const missing = scenes.get(name).tags.find((t) => t.address === undefined);
  if (missing) throw new Error(`${addressesFile}: ${name} gives no address for '${missing.name}'`);
}

let out = "// Generated by scripts/generate-scenes.mjs from the reference table of the simulator's\n";
out += '// scenes, scripts/data/factoryio-scene-tags.tsv and factoryio-scene-addresses.tsv.\n';
out += '// Do not edit by hand: run `npm run generate:scenes`.\n\n';
out += "import type { ReferenceScene } from './reference-scene.js';\n\n";
out += 'export const REFERENCE_SCENES: readonly ReferenceScene[] = [\n';
for (const scene of scenes.values()) {
  out += `  {\n    name: ${JSON.stringify(scene.name)},\n    tags: [\n`;
  for (const tag of scene.tags) out += `      ${JSON.stringify(tag)},\n`;
  out += '    ],\n';
  if (scene.systemIds) out += `    systemIds: ${JSON.stringify(scene.systemIds)},\n`;
  out += '  },\n';
}
out += '];\n';

const temp = `${target}.tmp`;
writeFileSync(temp, out);
const fd = openSync(temp, 'r');
fsyncSync(fd);
closeSync(fd);
renameSync(temp, target);
console.log(
  `Wrote ${scenes.size} scenes (${fromEvidence.size} from the simulator's own scene files, ` +
    `${addressed.size} with addresses from public programs) to ${target}`,
);
