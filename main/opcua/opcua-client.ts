import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import {
  OPCUA_CLIENT_DEFAULTS,
  type OpcuaClientSettings,
} from '../../shared/drivers/opcua-client-settings.js';
import { ClientDriver, type DriverLink, type DriverTimers } from '../drivers/client-driver.js';
import { describeConnectError } from '../drivers/connect-errors.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { opcuaLibrary } from './opcua-library.js';
import { openOpcuaLink } from './opcua-link.js';

export interface OpcuaClientDeps {
  readonly journal?: RequestJournal;
  readonly chaos?: ChaosRules;
  readonly timers?: DriverTimers;
}

/**
 * The OPC UA client driver (docs/opcua.md): TagSim connects to the controller's OPC UA server,
 * binds tags to its nodes, monitors the actuators and writes the sensors, through the engine's
 * own read and write. Its life (connect, lose, reconnect with back-off) is the ClientDriver's,
 * as the Modbus client's: node-opcua's own reconnection is off, so there is one.
 */
export class OpcuaClient {
  readonly driver: ClientDriver;

  constructor(
    private readonly engine: TagEngine,
    readonly settings: OpcuaClientSettings,
    private readonly deps: OpcuaClientDeps = {},
  ) {
    this.driver = new ClientDriver({
      driver: 'opcuaClient',
      target: settings.endpointUrl,
      detail: `security ${settings.security}`,
      open: () => this.open(),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
    // Another scene has other tags and saved items: its bindings are made on a new session.
    engine.subscribe((event) => {
      if (event.sceneChanged && event.keptState !== true) this.driver.reconnect();
    });
  }

  private async open(): Promise<DriverLink> {
    const lib = await opcuaLibrary();
    const { client: opcua, certificates } = lib;
    const { endpointUrl, security, pkiDir } = this.settings;
    const secure = security === 'SignAndEncrypt';
    const client = opcua.OPCUAClient.create({
      applicationName: 'TagSim',
      // One attempt each time: the ClientDriver retries, with its back-off and its status.
      connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 200 },
      securityMode: secure ? opcua.MessageSecurityMode.SignAndEncrypt : opcua.MessageSecurityMode.None,
      securityPolicy: secure ? opcua.SecurityPolicy.Basic256Sha256 : opcua.SecurityPolicy.None,
      endpointMustExist: false,
      keepSessionAlive: true,
      requestedSessionTimeout: 20_000,
      clientCertificateManager: new certificates.OPCUACertificateManager({
        rootFolder: pkiDir,
        // The server's certificate is trusted on first use and kept in trusted/ (docs/opcua.md).
        automaticallyAcceptUnknownCertificate: true,
      }),
    });
    const timeoutMs = this.settings.openTimeoutMs ?? OPCUA_CLIENT_DEFAULTS.openTimeoutMs;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const opening = (async () => {
      await client.connect(endpointUrl);
      const session = await client.createSession();
      return openOpcuaLink(opcua, client, session, this.engine, this.settings, {
        ...(this.deps.journal ? { journal: this.deps.journal } : {}),
        ...(this.deps.chaos ? { chaos: this.deps.chaos } : {}),
        path: `opcua-client://${new URL(endpointUrl).host}`,
        warn: (warning) => this.driver.warn(warning),
      });
    })();
    // A link that stands after all, once given up, is closed as it comes.
    opening.then(
      (link) => timedOut && link.close(),
      () => undefined,
    );
    try {
      return await Promise.race([
        opening,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new Error(`no answer within ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
    } catch (error) {
      void client.disconnect().catch(() => undefined);
      throw new Error(timedOut ? `no answer within ${timeoutMs} ms` : describeOpcuaError(error));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** node-opcua's errors in a person's words: the socket's, or the first line of its message. */
function describeOpcuaError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b/.exec(
    message,
  )?.[1];
  return code ? describeConnectError({ code }) : message.split('\n')[0]!.trim();
}
