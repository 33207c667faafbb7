// @vitest-environment happy-dom
// The Modbus client's Settings form (docs/desktop.md, "The Modbus client's settings") against a
// real TagSim's bridge: the form shows the settings the client scans with, a bad port is
// refused by the host with its reason under the field and nothing changes, and a good one is
// saved and the status bar names the new controller.
import { useEffect, useReducer } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../../main/compose/start-tagsim.js';
import { createBridgeClient } from '../../../shared/bridge/bridge-client.js';
import { dispatchBridgeCall } from '../../../shared/bridge/dispatch.js';
import { StatusBar } from '../../../renderer/components/shell/StatusBar.js';
import { UiModel } from '../../../renderer/state/ui-model.js';
import { ALWAYS_CONNECTED } from '../../../renderer/transport/connection.js';
import { button, byRole, click, field, mount, settle, submit, typeInto } from './harness.js';

const open: TagSim[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

/** A window's status bar over a real TagSim whose Modbus client is stopped (no controller needed). */
async function setup() {
  const tagsim = await startTagSim({
    server: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
    modbusClient: { host: 'plc.example', port: 502, slaveId: 1, scanTimeMs: 10, timeoutMs: 1000 },
    listen: 'later',
  });
  open.push(tagsim);
  const client = createBridgeClient({
    invoke: (method, args) => dispatchBridgeCall(tagsim.bridge.api, method, args),
    subscribe: (listener) => tagsim.bridge.events.on(listener),
  });
  const model = new UiModel(client, ALWAYS_CONNECTED);
  function Bar() {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    useEffect(() => model.changes.subscribe(() => rerender(undefined)), []);
    useEffect(() => model.start(), []);
    return (
      <StatusBar
        server={model.server}
        drivers={model.drivers}
        stats={model.stats}
        scene={undefined}
        client={client}
        connected
        {...(model.modbusClient
          ? { modbusClient: { settings: model.modbusClient, onSaved: (s) => model.setModbusClient(s) } }
          : {})}
      />
    );
  }
  const { root } = mount(<Bar />);
  await settle();
  await settle();
  return { tagsim, root, dialog: () => root.querySelector<HTMLDialogElement>('#modbus-client-settings') };
}

describe("the Modbus client's Settings form", () => {
  it("shows the client's settings with the driver's defaults, refuses a bad port, and saves a good one", async () => {
    const { tagsim, root, dialog } = await setup();
    expect(byRole(root, 'status', /^Modbus client/).textContent).toBe(
      'Modbus client: not connected (plc.example:502)',
    );
    click(button(root, 'Settings of the Modbus client'));
    const form = dialog()!;
    expect(field(form, 'Controller host').value).toBe('plc.example');
    expect(field(form, 'Port').value).toBe('502');
    expect(field(form, 'Slave ID (unit id)').value).toBe('1');
    expect(field(form, 'Scan time (ms)').value).toBe('10');
    expect(field(form, 'Timeout (ms)').value).toBe('1000');
    expect(field(form, 'Bit Inputs (sensors): count').placeholder).toBe("scene's");

    typeInto(field(form, 'Port'), '70000');
    submit(form.querySelector('form')!);
    await settle();
    expect(byRole(form, 'alert').textContent).toBe('70000 is above 65535.');
    expect(field(form, 'Port').getAttribute('aria-invalid')).toBe('true');
    expect(tagsim.clients.modbusClient!.settings.port).toBe(502);

    typeInto(field(form, 'Port'), '1502');
    typeInto(field(form, 'Slave ID (unit id)'), '7');
    typeInto(field(form, 'Bit Outputs (actuators): count'), '8');
    submit(form.querySelector('form')!);
    await settle();
    await settle();
    expect(dialog()).toBeNull();
    expect(byRole(root, 'status', /^Modbus client/).textContent).toBe(
      'Modbus client: not connected (plc.example:1502)',
    );
    expect(tagsim.clients.modbusClient!.settings).toMatchObject({
      port: 1502,
      slaveId: 7,
      bitOutputCount: 8,
    });

    // Opened again, the form shows what was saved.
    click(button(root, 'Settings of the Modbus client'));
    expect(field(dialog()!, 'Port').value).toBe('1502');
    expect(field(dialog()!, 'Bit Outputs (actuators): count').value).toBe('8');
  });
});
