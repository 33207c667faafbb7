// The plant-frames bench's `--trace SECONDS`: where a frame's time goes beyond the page's JS. Records
// a Chrome trace of the page (CDP Tracing through playwright-core) and sums, per frame, the
// rendering steps on the renderer's main thread (style, layout, pre-paint, paint, layerize), the
// compositor's commit and the raster workers' rasterisation, with the area painted per frame; and
// counts the compositor layers (CDP LayerTree) and the SVG elements in the drawing.
/* global document -- functions run in the page */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'cc',
];

/** Trace events a frame is made of, in the order a frame runs them. */
const STEPS = [
  'FireAnimationFrame',
  'FunctionCall',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'RasterTask',
  'ImageDecodeTask',
];

/** Total duration (ms) of each step by thread kind, over the events of one renderer process. */
function summarise(events, seconds, drawn) {
  const threads = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's renderer: the process whose main thread ran the page's animation frames.
  const fires = events.filter((e) => e.name === 'FireAnimationFrame');
  const pid = fires[0]?.pid;
  // The display compositor (viz, in the GPU process) draws the layers into the window: in software too.
  const viz = (e) => threads.get(`${e.pid}:${e.tid}`) === 'VizCompositorThread';
  const mine = events.filter((e) => e.pid === pid || viz(e));
  const kind = (e) => {
    const name = threads.get(`${e.pid}:${e.tid}`) ?? '';
    return name === 'VizCompositorThread'
      ? 'viz'
      : name === 'CrRendererMain'
        ? 'main'
        : name.startsWith('Compositor') && name !== 'Compositor'
          ? 'raster'
          : name === 'Compositor'
            ? 'compositor'
            : 'other';
  };
  const totals = new Map();
  const open = new Map();
  let paintArea = 0;
  let paints = 0;
  const add = (key, ms) => totals.set(key, (totals.get(key) ?? 0) + ms);
  for (const e of mine) {
    if (!STEPS.includes(e.name) && e.name !== 'RunTask') continue;
    const key = `${kind(e)} ${e.name}`;
    // tdur: the thread's CPU time in the event, which other jobs' load does not stretch (dur does).
    if (e.ph === 'X') add(key, (e.tdur ?? e.dur ?? 0) / 1000);
    else if (e.ph === 'B') open.set(`${e.tid}:${e.name}`, e.tts ?? e.ts);
    else if (e.ph === 'E') {
      const ts = open.get(`${e.tid}:${e.name}`);
      if (ts !== undefined) add(key, ((e.tts ?? e.ts) - ts) / 1000);
    }
    if (e.name === 'Paint' && e.ph !== 'E') {
      paints++;
      const q = e.args?.data?.clip;
      if (q?.length === 8) paintArea += Math.abs((q[2] - q[0]) * (q[5] - q[1]));
    }
  }
  // Frames as the page saw them (its requestAnimationFrame probe): trace events of a frame come
  // in nested and repeated forms that do not count frames reliably.
  const frames = Math.max(1, drawn);
  return { frames, fps: frames / seconds, totals, paints, paintArea };
}

/** In the page: how many SVG elements the drawing has. */
const svgCount = () => document.querySelectorAll('.plant-view svg *').length;

/**
 * Records `seconds` of trace and prints the per-frame cost of each rendering step; `drawnFrames`
 * says how many frames the page drew since it was last asked.
 */
export async function traceFrames(browser, page, cdp, seconds, drawnFrames) {
  await cdp.send('LayerTree.enable');
  const layers = new Promise((resolve) => {
    cdp.on('LayerTree.layerTreeDidChange', (e) => e.layers && resolve(e.layers));
    setTimeout(() => resolve(undefined), 5000);
  });
  const tree = await layers;
  const reasons = new Map();
  for (const l of tree ?? [])
    if (l.drawsContent) {
      const r = await cdp.send('LayerTree.compositingReasons', { layerId: l.layerId }).catch(() => undefined);
      reasons.set(l.layerId, r?.compositingReasonIds?.join('+') ?? '?');
    }
  await cdp.send('LayerTree.disable');
  await drawnFrames();
  await browser.startTracing(page, { categories: CATEGORIES });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const buffer = await browser.stopTracing();
  const frames = await drawnFrames();
  const file = join(tmpdir(), `plant-trace-${process.pid}.json`);
  writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  const s = summarise(traceEvents, seconds, frames);
  console.log(
    `\nTrace (${file}, ${seconds} s, ${s.frames} frames, ${s.fps.toFixed(1)} a second); CPU ms per frame by step (thread time):`,
  );
  for (const [key, ms] of [...s.totals].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(ms / s.frames).toFixed(2).padStart(7)}  ${key}`);
  console.log(
    `  Paint events ${(s.paints / s.frames).toFixed(2)} a frame, ${Math.round(s.paintArea / s.frames)} px² painted a frame`,
  );
  const drawing = tree?.filter((l) => l.drawsContent) ?? [];
  console.log(
    `  compositor layers: ${tree?.length ?? '?'} (${drawing.length} drawing content: ${drawing
      .map((l) => `${Math.round(l.width)}x${Math.round(l.height)} ${reasons.get(l.layerId)}`)
      .join(', ')}); SVG elements in the view: ${await page.evaluate(svgCount)}`,
  );
}
