import type * as OpcuaClientModule from 'node-opcua-client';
import type * as CertificateModule from 'node-opcua-certificate-manager';

/** node-opcua's client and certificate manager, as their CommonJS exports. */
export type OpcuaClientLib = (typeof OpcuaClientModule)['default'];
export type CertificateLib = (typeof CertificateModule)['default'];

export interface OpcuaLibrary {
  readonly client: OpcuaClientLib;
  readonly certificates: CertificateLib;
}

let loading: Promise<OpcuaLibrary> | undefined;

/**
 * node-opcua, loaded on first use: it takes seconds to load (and makes a key pair to test RSA as
 * it loads), which a TagSim without an OPC UA client must not pay. Its own warnings and errors go
 * to the console by default; TagSim says what matters in the driver's status instead.
 */
export function opcuaLibrary(): Promise<OpcuaLibrary> {
  loading ??= (async () => {
    const [clientModule, certificatesModule] = await Promise.all([
      import('node-opcua-client'),
      import('node-opcua-certificate-manager'),
    ]);
    // CommonJS packages: what they export is the module's default.
    const client: OpcuaClientLib = clientModule.default;
    const certificates: CertificateLib = certificatesModule.default;
    client.setWarningLogger(() => undefined);
    client.setErrorLogger(() => undefined);
    return { client, certificates };
  })();
  return loading;
}
