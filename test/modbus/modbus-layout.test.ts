// Where each tag sits in the Modbus tables (docs/modbus.md, "The mapping"), and how values
// become 16-bit registers.
import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { DRIVER_MAPS } from '../../shared/drivers/driver-maps.generated.js';
import {
  EXTRA_TAGS_ADDRESS,
  MODBUS_TABLES,
  modbusLayout,
  tableOf,
  type ModbusLayout,
  type ModbusTableName,
} from '../../shared/modbus/modbus-layout.js';
import { fromRegister, toRegister } from '../../shared/modbus/register-value.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';

function namesIn(
  scene: SceneDefinition,
  layout: ModbusLayout,
  table: ModbusTableName,
): (string | undefined)[] {
  return layout.tables[table].slots.map((slot) => scene.tags.find((t) => t.id === slot?.id)?.name);
}

describe('the default map of a built-in scene', () => {
  it("is the simulator's saved driver map, every slot a tag of the scene in the right table", () => {
    expect(DRIVER_MAPS).toHaveLength(11);
    for (const map of DRIVER_MAPS) {
      const scene = builtinScene(map.scene)!;
      const layout = modbusLayout(scene);
      expect(layout.source, map.scene).toBe('driver map');
      for (const table of ['discreteInputs', 'coils', 'inputRegisters', 'holdingRegisters'] as const) {
        map[table].forEach((id, slot) => {
          if (id === null)
            return expect(layout.tables[table].slots[slot], `${map.scene} ${table} ${slot}`).toBeUndefined();
          const tag = scene.tags.find((t) => t.id === id);
          expect(tag && tableOf(tag), `${map.scene} ${table} ${slot}`).toBe(table);
          expect(layout.tables[table].slots[slot]?.id).toBe(id);
        });
      }
    }
  });

  it('lays out Sorting by Height (Basic) as its saved copy does', () => {
    const scene = builtinScene('Sorting by Height (Basic)')!;
    const layout = modbusLayout(scene);
    expect(namesIn(scene, layout, 'discreteInputs').slice(0, 14)).toEqual([
      'High sensor',
      'Low sensor',
      'Pallet sensor',
      'Loaded',
      'At left entry',
      'At left exit',
      'At right entry',
      'At right exit',
      'Start',
      'Reset',
      'Stop',
      'Emergency stop',
      'Auto',
      'FACTORY I/O (Running)',
    ]);
    expect(namesIn(scene, layout, 'coils').slice(0, 10)).toEqual([
      'Conveyor entry',
      'Load',
      'Unload',
      'Transf. left',
      'Transf. right',
      'Conveyor left',
      'Conveyor right',
      'Start light',
      'Reset light',
      'Stop light',
    ]);
    expect(namesIn(scene, layout, 'holdingRegisters')).toEqual(['Counter']);
    expect(layout.scaleFactor).toBe(100);
    expect(layout.tables.holdingRegisters.size).toBe(64);
  });

  it("puts every tag the driver's map does not hold from address 1000, none below", () => {
    const scene = builtinScene('Sorting by Height (Basic)')!;
    const layout = modbusLayout(scene);
    expect(layout.extrasFrom).toBe(EXTRA_TAGS_ADDRESS);
    expect(EXTRA_TAGS_ADDRESS).toBeGreaterThanOrEqual(1000);
    const coils = namesIn(scene, layout, 'coils');
    expect(coils.slice(10, EXTRA_TAGS_ADDRESS).every((name) => name === undefined)).toBe(true);
    expect(coils.slice(EXTRA_TAGS_ADDRESS)).toEqual([
      'Emitter',
      'Remover left',
      'Remover right',
      'FACTORY I/O (Run)',
      'FACTORY I/O (Pause)',
      'FACTORY I/O (Reset)',
    ]);
    const inputs = namesIn(scene, layout, 'discreteInputs');
    expect(inputs.slice(14, EXTRA_TAGS_ADDRESS).filter(Boolean)).toEqual([]);
    expect(inputs.slice(EXTRA_TAGS_ADDRESS)).toEqual([
      ...Array<string>(5).fill('-'),
      'Manual',
      'FACTORY I/O (Paused)',
      'FACTORY I/O (Reset)',
    ]);
    expect(namesIn(scene, layout, 'inputRegisters').slice(0, EXTRA_TAGS_ADDRESS).filter(Boolean)).toEqual([]);
    expect(namesIn(scene, layout, 'inputRegisters')[EXTRA_TAGS_ADDRESS]).toBe('FACTORY I/O (Time Scale)');
    expect(layout.tables.coils.size).toBe(256);
    expect(layout.tables.coils.extras).toEqual({ from: EXTRA_TAGS_ADDRESS, count: 6 });
    // In every scene with a saved map, no tag the map leaves out sits in the driver's range.
    for (const map of DRIVER_MAPS) {
      const built = builtinScene(map.scene)!;
      const laid = modbusLayout(built);
      for (const table of MODBUS_TABLES) {
        const held = new Set(map[table]);
        laid.tables[table].slots.forEach((slot, address) => {
          if (slot && !held.has(slot.id))
            expect(address, `${map.scene} ${table}`).toBeGreaterThanOrEqual(1000);
        });
      }
    }
  });

  it('leaves the slot of a tag the scene no longer has empty, and keeps the others where they were', () => {
    const full = builtinScene('Sorting by Height (Basic)')!;
    const scene = { ...full, tags: full.tags.filter((t) => t.name !== 'Low sensor') };
    const names = namesIn(scene, modbusLayout(scene), 'discreteInputs');
    expect(names.slice(0, 3)).toEqual(['High sensor', undefined, 'Pallet sensor']);
  });
});

describe('scenes without a saved driver map', () => {
  it("are laid out the same way in scene order: the scene's tags and Running, the other system tags from 1000", () => {
    const scene = builtinScene('Filling Tank')!;
    const layout = modbusLayout(scene);
    expect(layout.source).toBe('scene order');
    const own = (kind: string, bit: boolean) =>
      scene.tags
        .filter((t) => t.kind === kind && (t.type === 'Bit') === bit && !t.name.startsWith('FACTORY I/O'))
        .map((t) => t.name);
    const inputs = namesIn(scene, layout, 'discreteInputs');
    expect(inputs.slice(0, own('Input', true).length + 1)).toEqual([
      ...own('Input', true),
      'FACTORY I/O (Running)',
    ]);
    expect(inputs.slice(EXTRA_TAGS_ADDRESS)).toEqual(['FACTORY I/O (Paused)', 'FACTORY I/O (Reset)']);
    const coils = namesIn(scene, layout, 'coils');
    expect(coils.slice(0, EXTRA_TAGS_ADDRESS).filter(Boolean)).toEqual(own('Output', true));
    expect(coils.slice(EXTRA_TAGS_ADDRESS)).toEqual([
      'FACTORY I/O (Run)',
      'FACTORY I/O (Pause)',
      'FACTORY I/O (Reset)',
    ]);
    // Int and Float share one register space per direction; Time Scale is a system tag.
    expect(namesIn(scene, layout, 'inputRegisters').slice(0, EXTRA_TAGS_ADDRESS).filter(Boolean)).toEqual([]);
    expect(namesIn(scene, layout, 'inputRegisters')[EXTRA_TAGS_ADDRESS]).toBe('FACTORY I/O (Time Scale)');
    expect(namesIn(scene, layout, 'holdingRegisters')).toEqual(own('Output', false));
  });

  it("with map 'address', sit at their own addresses: Bits as they are, Floats from register 256", () => {
    const scene = builtinScene('Level Control')!;
    const layout = modbusLayout(scene, { map: 'address' });
    expect(layout.source).toBe('tag addresses');
    const running = scene.tags.find((t) => t.name === 'FACTORY I/O (Running)')!;
    expect(layout.tables.discreteInputs.slots[496]?.id).toBe(running.id);
    const level = scene.tags.find((t) => t.name === 'Level meter')!;
    expect(layout.tables.inputRegisters.slots[256 + level.address]?.id).toBe(level.id);
    expect(layout.tables.inputRegisters.size).toBe(512);
  });
});

describe('register values', () => {
  it("are signed 16-bit two's complement, saturating instead of wrapping", () => {
    expect(toRegister('Int', -1, 100)).toBe(0xffff);
    expect(toRegister('Int', 40_000, 100)).toBe(0x7fff);
    expect(toRegister('Int', -40_000, 100)).toBe(0x8000);
    expect(toRegister('Bit', true, 100)).toBe(1);
    expect(fromRegister('Int', 0xffff, 100)).toBe(-1);
    expect(fromRegister('Int', 0x7fff, 100)).toBe(32767);
  });

  it('carry a Float as round(value × scale), ties to even, and back as register / scale', () => {
    expect(toRegister('Float', 2.5, 100)).toBe(250);
    expect(toRegister('Float', 0.125, 100)).toBe(12);
    expect(toRegister('Float', 0.135, 100)).toBe(14);
    expect(toRegister('Float', -0.5, 100)).toBe(0x10000 - 50);
    expect(toRegister('Float', 10, 1)).toBe(10);
    expect(fromRegister('Float', 0x10000 - 50, 100)).toBe(-0.5);
    expect(fromRegister('Float', 5500, 1000)).toBe(5.5);
  });
});
