// A controller's OPC UA server for the OPC UA client's tests: node-opcua's own server (a dev
// dependency), on 127.0.0.1, with a PLC object whose variables carry some of the default scene's
// tag names, security None and SignAndEncrypt (Basic256Sha256), trusting every client certificate.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type * as CertificateModule from 'node-opcua-certificate-manager';
import type * as ClientModule from 'node-opcua-client';
import type * as ServerModule from 'node-opcua-server';

const require = createRequire(import.meta.url);
type ServerLib = typeof ServerModule;
type ClientLib = typeof ClientModule;
type CertificateLib = typeof CertificateModule;

/** One variable of the PLC: its browse name (a tag's name), its node id's string and its type. */
export interface PlcVariable {
  readonly name: string;
  readonly id: string;
  readonly type: 'Boolean' | 'Int16' | 'Float';
}

export interface TestOpcuaServer {
  readonly endpointUrl: string;
  /** The node id of a variable: `ns=1;s=<id>`. */
  nodeId(id: string): string;
  read(id: string): unknown;
  write(id: string, value: unknown): void;
  shutdown(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startOpcuaServer(
  variables: readonly PlcVariable[],
  pkiDir: string,
): Promise<TestOpcuaServer> {
  const server: ServerLib = require('node-opcua-server');
  const client: ClientLib = require('node-opcua-client');
  const certificates: CertificateLib = require('node-opcua-certificate-manager');
  client.setWarningLogger(() => undefined);
  client.setErrorLogger(() => undefined);
  const { DataType, MessageSecurityMode, SecurityPolicy } = client;
  const port = await freePort();
  const opcua = new server.OPCUAServer({
    port,
    hostname: '127.0.0.1',
    serverCertificateManager: new certificates.OPCUACertificateManager({
      rootFolder: join(pkiDir, 'server'),
      automaticallyAcceptUnknownCertificate: true,
    }),
    securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
    securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
    allowAnonymous: true,
  });
  await opcua.initialize();
  const addressSpace = opcua.engine.addressSpace!;
  const ns = addressSpace.getOwnNamespace();
  const plc = ns.addObject({ organizedBy: addressSpace.rootFolder.objects, browseName: 'PLC' });
  const nodes = new Map(
    variables.map((v) => [
      v.id,
      {
        type: DataType[v.type],
        node: ns.addVariable({
          componentOf: plc,
          browseName: v.name,
          nodeId: `s=${v.id}`,
          dataType: v.type,
          accessLevel: 'CurrentRead | CurrentWrite',
          userAccessLevel: 'CurrentRead | CurrentWrite',
          minimumSamplingInterval: 10,
          value: { dataType: DataType[v.type], value: v.type === 'Boolean' ? false : 0 },
        }),
      },
    ]),
  );
  await opcua.start();
  let stopped: Promise<void> | undefined;
  const at = (id: string) => {
    const found = nodes.get(id);
    if (!found) throw new Error(`no variable ${id}`);
    return found;
  };
  return {
    endpointUrl: `opc.tcp://127.0.0.1:${port}`,
    nodeId: (id) => `ns=1;s=${id}`,
    read: (id) => at(id).node.readValue().value.value,
    write: (id, value) => {
      const { node, type } = at(id);
      node.setValueFromSource({ dataType: type, value });
    },
    // Once: the last test takes the server away, and the file's end must not do it twice.
    shutdown: () => (stopped ??= opcua.shutdown(0)),
  };
}
