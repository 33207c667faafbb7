// Writes saved scenes of the simulator (`.factoryio`, XML) in the shape the public files have
// (docs/fidelity.md, "Saved scene files"), so the tests and the benchmark read files of the real
// format without a third-party file in the repository. Plain JavaScript, so the benchmark (which
// runs on dist/ without a TypeScript loader) writes its files with the same code as the tests.

const EMPTY = '00000000-0000-0000-0000-000000000000';
/** The driver blocks every saved scene carries, in the files' order. */
const POINT_DRIVERS = [
  'Advantech4750',
  'Advantech4704',
  'AllenBradleyLogix5000',
  'AllenBradleyMicro800',
  'AllenBradleyMicroLogix',
  'AllenBradleySLC5',
  'Automgen',
  'MHJ',
];
// The point kinds as the files name their slots, written out here rather than taken from the
// reader (shared/drivers/driver-settings.ts), so that a mistake there cannot hide in both.
const KINDS = [
  'BitInput',
  'BitOutput',
  'FloatInput',
  'FloatOutput',
  'IntInput',
  'IntOutput',
  'NumericInput',
  'NumericOutput',
];

/** XML text of an attribute value. */
export function xmlEscape(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A number as .NET writes it: `0.7071068`, `-1`, `1.5E-08`. */
function num(n) {
  if (Object.is(n, -0)) return '0';
  const r = Number(n.toPrecision(7));
  if (r !== 0 && Math.abs(r) < 1e-4) return r.toExponential().replace('e', 'E').replace('E-', 'E-0');
  return String(r);
}
const bool = (b) => (b ? 'True' : 'False');

/** A deterministic GUID from a seed text (tests want stable keys). */
export function keyOf(seed) {
  let h = 2166136261;
  const hex = [];
  for (let round = 0; round < 4; round++) {
    for (const c of `${round}:${seed}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    hex.push(h.toString(16).padStart(8, '0'));
  }
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-8${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** The rotation of a part turned `degrees` about the vertical (the files' Y), with its axes. */
export function yaw(degrees) {
  const t = (degrees * Math.PI) / 180;
  return {
    rotation: [0, Math.sin(t / 2), 0, Math.cos(t / 2)],
    forward: [Math.sin(t), 0, Math.cos(t)],
    right: [Math.cos(t), 0, -Math.sin(t)],
  };
}

function tagXml(t, attributeOrder) {
  const isBit = /^Binary/.test(t.element);
  const forcedValue =
    t.forcedValue !== undefined ? (isBit ? bool(t.forcedValue) : num(t.forcedValue)) : isBit ? 'False' : '0';
  const attrs = {
    Name: xmlEscape(t.name),
    Address: t.address ?? 0,
    Key: t.key,
    OpenCircuit: bool(t.openCircuit),
    ShortCircuit: bool(t.shortCircuit),
    UseForcedValue: bool(t.forced),
    ForcedValue: forcedValue,
  };
  const order = attributeOrder ?? [
    'Name',
    'Address',
    'Key',
    'OpenCircuit',
    'ShortCircuit',
    'UseForcedValue',
    'ForcedValue',
  ];
  return `<${t.element} ${order.map((k) => `${k}="${attrs[k]}"`).join(' ')} />`;
}

function partXml(p, index, spec) {
  const turn = yaw(p.yaw ?? 0);
  const rotation = p.rotation ?? turn.rotation;
  const [x, y, z] = p.position;
  const L = [];
  L.push('  <Object Locked="False" GroupKey="00000000-0000-0000-0000-000000000000">');
  L.push(`    <Proxy PrefabName="${p.prefab}" Key="${p.key ?? keyOf(`part ${index} ${p.prefab}`)}">`);
  L.push(`      <Position X="${num(x)}" Y="${num(y)}" Z="${num(z)}" />`);
  L.push(
    `      <Rotation X="${num(rotation[0])}" Y="${num(rotation[1])}" Z="${num(rotation[2])}" W="${num(rotation[3])}" />`,
  );
  L.push(`      <FineRotation>${num(p.fineRotation ?? 0)}</FineRotation>`);
  L.push('      <FinePosition>0</FinePosition>');
  const axes = p.axes ?? turn;
  L.push(`      <Forward X="${num(axes.forward[0])}" Y="0" Z="${num(axes.forward[2])}" />`);
  L.push('      <Up X="0" Y="1" Z="0" />');
  L.push(`      <Right X="${num(axes.right[0])}" Y="0" Z="${num(axes.right[2])}" />`);
  L.push('    </Proxy>');
  const groups = p.groups ?? [];
  L.push(`    <ComponentIO Index="${groups.length > 0 ? index : -1}" CurrentOperatingMode="0" />`);
  if (groups.length > 0 || p.mode) {
    L.push(`    <OperatingMode Description="${xmlEscape(p.mode ?? '$C_OM_Default_NAME')}">`);
    for (const g of groups) {
      L.push(`      <GroupIO Description="${xmlEscape(g.description ?? 'Default')}">`);
      for (const t of g.tags) L.push(`        ${tagXml(t, spec.attributeOrder)}`);
      L.push('      </GroupIO>');
    }
    L.push('    </OperatingMode>');
  }
  if (/Conveyor/.test(p.prefab)) L.push('    <Encoder Enabled="False" />');
  if (p.emitter) {
    const e = p.emitter;
    L.push(
      `    <Emitter MinTimeToEmit="${num(e.min ?? 1)}" MaxTimeToEmit="${num(e.max ?? 2)}" UpTo="${e.upTo ?? 0}" RandomPartPosition="False" RandomPartOrientation="False">`,
    );
    L.push(`      <Bases ${(e.bases ?? []).map((b) => `${b}="True"`).join(' ')} />`);
    L.push(`      <Parts ${(e.parts ?? ['BoxS', 'BoxM', 'BoxL']).map((b) => `${b}="True"`).join(' ')} />`);
    L.push('    </Emitter>');
  }
  if (p.remover) {
    L.push('    <Remover>');
    L.push('      <Bases Pallet="True" SquarePallet="True" StackableBox="True" />');
    L.push('      <Parts BoxS="True" BoxM="True" BoxL="True" PalletizingBox="True" />');
    L.push('    </Remover>');
  }
  if (p.sensorRange !== undefined) L.push(`    <Sensor Range="${num(p.sensorRange)}" />`);
  L.push('  </Object>');
  return L.join('\n');
}

function pointBlock(name, map = {}, properties) {
  const L = [`    <${name}>`];
  const keys = map.slots ?? {};
  const count = (k) => map.counts?.[k] ?? keys[k]?.length ?? 0;
  L.push(`      <PointIOCount ${KINDS.map((k) => `${k}Count="${count(k)}"`).join(' ')} />`);
  L.push(`      <PointIOOffset ${KINDS.map((k) => `${k}Offset="${map.offsets?.[k] ?? 0}"`).join(' ')} />`);
  for (const k of KINDS)
    (keys[k] ?? []).forEach((key, i) => L.push(`      <${k}${i} PointIOKey="${key ?? EMPTY}" />`));
  if (properties) L.push(`      ${properties}`);
  L.push(`    </${name}>`);
  return L.join('\n');
}

function driversXml(spec) {
  const keys = spec.systemKeys ?? {};
  const attrs = Object.entries(keys)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  const d = spec.drivers ?? {};
  const map = d.map ?? {};
  const L = [`  <Drivers CurrentDriver="${d.current ?? 32}"${attrs}>`];
  for (const name of POINT_DRIVERS) L.push(pointBlock(name, map));
  L.push('    <ControlIO />');
  const server = d.modbusServer ?? map;
  const sp = d.serverProperties ?? {};
  L.push(
    pointBlock(
      'ModbusTCPClient',
      d.modbusClient ?? map,
      `<Properties ReadCoils="False" ReadHoldingRegisters="False" ScaleFactor="${d.clientScaleFactor ?? 100}" />`,
    ),
  );
  L.push(
    pointBlock(
      'ModbusTCPServer',
      server,
      `<Properties ReadInputDiscretes="${bool(sp.ReadInputDiscretes)}" WriteCoils="${bool(sp.WriteCoils)}" ReadInputRegisters="False" WriteHoldingRegisters="False" ScaleFactor="${sp.ScaleFactor ?? 100}" />`,
    ),
  );
  const opc = d.opc ?? { items: [] };
  L.push('    <OPCClientDA>');
  L.push(
    `      <Server Url="${xmlEscape(opc.url ?? '')}" Name="${xmlEscape(opc.name ?? '')}" ItemCount="${opc.items.length}" MaxItemCount="32" StartsWithFilter="" ContainsFilter="" />`,
  );
  opc.items.forEach((item, i) =>
    L.push(
      `      <Item${i} InputPointIOKey="${item.input ?? EMPTY}" OutputPointIOKey="${item.output ?? EMPTY}" ItemName="${xmlEscape(item.name)}" ItemDisplayName="${xmlEscape(item.display ?? item.name)}" />`,
    ),
  );
  L.push('    </OPCClientDA>');
  for (const name of [
    'SiemensLOGOTCP',
    'SiemensS7300S7400TCP',
    'SiemensS71200S71500TCP',
    'SiemensS7PLCSIM',
  ]) {
    L.push(pointBlock(name, map, '<S7Properties UseWords="False" />'));
  }
  L.push('  </Drivers>');
  return L.join('\n');
}

/**
 * The text of a saved scene (with its byte-order mark, as the simulator writes it).
 * `spec`: { type?, version?, description?, parts: [{ prefab, position: [x, y, z] (grid units of
 * 0.125 m), yaw? (degrees about the vertical), rotation?, fineRotation?, axes?, mode?, groups?:
 * [{ description?, tags: [{ element, name, address, key, forced?, forcedValue?, openCircuit?,
 * shortCircuit? }] }], emitter?: { min?, max?, upTo?, bases?, parts? }, remover?, sensorRange? }],
 * systemKeys?: { RunInputKey, ... }, drivers?: { current?, map?: { slots, counts?, offsets? },
 * modbusServer?, modbusClient?, serverProperties?, opc?: { url, name, items } }, attributeOrder?,
 * screenshotBytes? (length of the screenshot's base64 text, default 20000) }.
 */
export function writeFactoryIo(spec) {
  const L = [
    '\ufeff<FactoryIO Type="' +
      (spec.type ?? 'MySavedScene') +
      '" Year="2025" Month="3" Day="4" Hour="10" Minute="0" Second="0" Version="' +
      (spec.version ?? '2.5.7') +
      '" GUID="00000000-0000-0000-0000-000000000000">',
  ];
  L.push(`  <Description Data="${xmlEscape(spec.description ?? '')}" />`);
  L.push('  <Camera>');
  L.push('    <CameraPosition Name="Current" Type="OrbitCamera">');
  L.push('      <Data>');
  L.push('        <CameraPosition X="31.3" Y="1.6" Z="15.9" />');
  L.push('        <PivotPosition X="32.2" Y="0.6" Z="17.6" />');
  L.push('      </Data>');
  L.push('    </CameraPosition>');
  L.push('  </Camera>');
  spec.parts.forEach((p, i) => L.push(partXml(p, i, spec)));
  L.push('  <Instructor Password="" LockCurrentParts="False" RunModeOnly="False" HideFailures="False" />');
  L.push(driversXml(spec));
  const screenshot =
    'iVBORw0KGgoAAAANSUhEUgAAAMAAAABs' + 'A'.repeat(Math.max(0, (spec.screenshotBytes ?? 20_000) - 32));
  L.push(`  <Screenshot Data="${screenshot}" />`);
  L.push('</FactoryIO>');
  return L.join('\n') + '\n';
}

/** A tag of a part, its key made from its name (so a test finds it by `keyOf(name)`). */
export function fioTag(element, name, address, more = {}) {
  return { element, name, address, key: keyOf(name), ...more };
}

/** A part at `position` (grid steps), turned `yaw` degrees, holding `tags` in one group. */
export function fioPart(prefab, position, yaw, tags, more = {}) {
  return { prefab, position, yaw, ...(tags.length > 0 ? { groups: [{ tags }] } : {}), ...more };
}
