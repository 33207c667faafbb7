#!/usr/bin/env node
// Draws TagSim's icons procedurally and writes them as PNG files to assets/ (dev-time only: the
// PNGs are committed, so neither CI nor packaging runs this). No image library: each shape is a
// signed distance function, anti-aliased analytically, composited in straight RGBA and written
// with node:zlib. Usage: node scripts/make-icons.mjs
//
//   assets/icon.png                  1024x1024 app icon (electron-builder makes .icns/.ico from it)
//   assets/icons/<n>x<n>.png         Linux icon set (16 … 512)
//   assets/tray/tray-<state>.png     16x16 tray icon, and tray-<state>@2x.png at 32x32, for the
//                                    states normal (green), faults (amber), stopped (red)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

// ---------- PNG encoding ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** Encodes an 8-bit RGBA image (rgba: Float32Array of 0..1, straight alpha) as a PNG. */
function encodePng(size, rgba) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let i = 0; i < size * 4; i++) {
      const v = rgba[y * size * 4 + i];
      raw[y * (size * 4 + 1) + 1 + i] = Math.round(Math.min(1, Math.max(0, v)) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- Shapes (signed distance: negative inside), in a unit square 0..1 ----------

const hex = (h, a = 1) => [
  parseInt(h.slice(1, 3), 16) / 255,
  parseInt(h.slice(3, 5), 16) / 255,
  parseInt(h.slice(5, 7), 16) / 255,
  a,
];

const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;

const roundedBox = (cx, cy, hw, hh, r) => (x, y) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};

/** Exact distance to a polygon (Inigo Quilez), rounded by r. */
const polygon =
  (points, r = 0) =>
  (x, y) => {
    let d = Infinity;
    let s = 1;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [ax, ay] = points[i];
      const [bx, by] = points[j];
      const ex = bx - ax;
      const ey = by - ay;
      const wx = x - ax;
      const wy = y - ay;
      const t = Math.min(1, Math.max(0, (wx * ex + wy * ey) / (ex * ex + ey * ey)));
      d = Math.min(d, Math.hypot(wx - ex * t, wy - ey * t));
      const c1 = y >= ay;
      const c2 = y < by;
      const c3 = ex * wy > ey * wx;
      if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) s = -s;
    }
    return s * d - r;
  };

const subtract = (a, b) => (x, y) => Math.max(a(x, y), -b(x, y));
const grow = (a, by) => (x, y) => a(x, y) - by;
const rotateAbout = (shape, cx, cy, degrees) => {
  const c = Math.cos((-degrees * Math.PI) / 180);
  const s = Math.sin((-degrees * Math.PI) / 180);
  return (x, y) => shape(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c);
};

/**
 * A luggage tag pointing left: a body with a pointed, rounded end, tilted by `tilt` degrees about
 * the centre. Returns the outline and the hole separately so callers can punch or ring the hole.
 */
function tagShape({ cx, cy, length, height, tilt, corner, point = 0.62, hole: holeRadius = 0.13 }) {
  const left = cx - length / 2;
  const right = cx + length / 2;
  const top = cy - height / 2;
  const bottom = cy + height / 2;
  const shoulder = left + height * point;
  const outline = polygon(
    [
      [left + corner, cy],
      [shoulder, top + corner],
      [right - corner, top + corner],
      [right - corner, bottom - corner],
      [shoulder, bottom - corner],
    ],
    corner,
  );
  const hole = circle(shoulder - height * 0.12, cy, height * holeRadius);
  return {
    outline: rotateAbout(outline, cx, cy, tilt),
    hole: rotateAbout(hole, cx, cy, tilt),
    at: (u, v) => {
      // A point of the tag's own frame (u along the tag, v across) in image coordinates.
      const a = (tilt * Math.PI) / 180;
      const px = left + u * length - cx;
      const py = top + v * height - cy;
      return [cx + px * Math.cos(a) - py * Math.sin(a), cy + px * Math.sin(a) + py * Math.cos(a)];
    },
  };
}

// ---------- Rasterisation ----------

/**
 * Paints layers in order. A layer is { shape, fill } where fill is an RGBA colour or a function of
 * (x, y) returning one; `soft` widens the edge (for shadows), in the unit square's units.
 */
function render(size, layers) {
  const px = 1 / size;
  const out = new Float32Array(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = (i + 0.5) * px;
      const y = (j + 0.5) * px;
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const layer of layers) {
        const d = layer.shape(x, y);
        const edge = Math.max(px, layer.soft ?? 0);
        const coverage = Math.min(1, Math.max(0, 0.5 - d / edge));
        if (coverage <= 0) continue;
        const [fr, fg, fb, fa] = typeof layer.fill === 'function' ? layer.fill(x, y) : layer.fill;
        const sa = fa * coverage;
        if (layer.erase) {
          a *= 1 - sa;
          continue;
        }
        const oa = sa + a * (1 - sa);
        if (oa > 0) {
          r = (fr * sa + r * a * (1 - sa)) / oa;
          g = (fg * sa + g * a * (1 - sa)) / oa;
          b = (fb * sa + b * a * (1 - sa)) / oa;
        }
        a = oa;
      }
      out.set([r, g, b, a], (j * size + i) * 4);
    }
  }
  return out;
}

const mix = (c1, c2, t) => c1.map((v, k) => v + (c2[k] - v) * t);

// ---------- The app icon ----------

function appIconLayers() {
  const body = roundedBox(0.5, 0.5, 0.41, 0.41, 0.185);
  const top = hex('#2f81f7');
  const bottom = hex('#0f3d91');
  const tag = tagShape({ cx: 0.5, cy: 0.5, length: 0.64, height: 0.37, tilt: -30, corner: 0.035 });
  const [l1x, l1y] = tag.at(0.55, 0.5);
  const [l2x, l2y] = tag.at(0.71, 0.5);
  const [l3x, l3y] = tag.at(0.87, 0.5);
  const led = 0.044;
  return [
    // Drop shadow under the rounded square.
    { shape: roundedBox(0.5, 0.515, 0.41, 0.41, 0.185), fill: hex('#000000', 0.35), soft: 0.04 },
    { shape: body, fill: (x, y) => mix(top, bottom, Math.min(1, Math.max(0, (x + y - 0.2) / 1.6))) },
    // The tag: a soft shadow, the white card, the hole punched through to the background.
    { shape: (x, y) => tag.outline(x, y - 0.012), fill: hex('#061a40', 0.45), soft: 0.05 },
    { shape: subtract(tag.outline, tag.hole), fill: hex('#ffffff') },
    { shape: subtract(grow(tag.hole, 0.018), tag.hole), fill: hex('#c9d6ea') },
    // Three I/O indicator lamps along the tag, like a PLC module's LEDs.
    { shape: circle(l1x, l1y, led), fill: hex('#2ea043') },
    { shape: circle(l2x, l2y, led), fill: hex('#2ea043') },
    { shape: circle(l3x, l3y, led), fill: hex('#f0a500') },
  ];
}

// ---------- Tray icons ----------

const STATES = {
  normal: { dot: hex('#2ea043'), tag: hex('#e6edf3'), mark: null },
  faults: { dot: hex('#f0a500'), tag: hex('#e6edf3'), mark: 'bang' },
  stopped: { dot: hex('#d1242f'), tag: hex('#9aa4ae'), mark: 'bar' },
};

/** Tray icon: a light tag with a dark rim (legible on light and dark panels) and a state badge. */
function trayLayers(state, size) {
  const { dot, tag: tagColour, mark } = STATES[state];
  const tag = tagShape({
    cx: 0.47,
    cy: 0.47,
    length: 0.86,
    height: 0.52,
    tilt: 45,
    corner: 0.05,
    point: 0.5,
    hole: 0.19,
  });
  const rim = size <= 16 ? 0.07 : 0.055;
  const badge = circle(0.75, 0.75, 0.24);
  const gap = grow(badge, size <= 16 ? 0.07 : 0.06);
  const layers = [
    { shape: grow(tag.outline, rim), fill: hex('#1f2328') },
    { shape: tag.outline, fill: tagColour },
    { shape: tag.hole, fill: [0, 0, 0, 1], erase: true },
    // Knock the tag out around the badge so the badge reads as separate at 16 px.
    { shape: gap, fill: [0, 0, 0, 1], erase: true },
    { shape: grow(badge, size <= 16 ? 0.035 : 0.03), fill: hex('#1f2328', 0.9) },
    { shape: badge, fill: dot },
  ];
  if (mark === 'bar') {
    layers.push({ shape: roundedBox(0.75, 0.75, 0.14, 0.045, 0.02), fill: hex('#ffffff') });
  } else if (mark === 'bang' && size > 16) {
    layers.push({ shape: roundedBox(0.75, 0.71, 0.035, 0.1, 0.03), fill: hex('#1f2328') });
    layers.push({ shape: circle(0.75, 0.865, 0.04), fill: hex('#1f2328') });
  }
  return layers;
}

// ---------- Output ----------

function write(relative, size, layers) {
  const file = `${root}${relative}`;
  mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
  writeFileSync(file, encodePng(size, render(size, layers)));
  console.log(`${relative} (${size}x${size})`);
}

write('assets/icon.png', 1024, appIconLayers());
for (const size of [16, 24, 32, 48, 64, 128, 256, 512])
  write(`assets/icons/${size}x${size}.png`, size, appIconLayers());
for (const state of Object.keys(STATES)) {
  write(`assets/tray/tray-${state}.png`, 16, trayLayers(state, 16));
  write(`assets/tray/tray-${state}@2x.png`, 32, trayLayers(state, 32));
}
