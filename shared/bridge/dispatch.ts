import { type BridgeApi, BRIDGE_SPEC, isBridgeMethod } from './bridge-spec.js';
import { BridgeArgumentError } from './validate.js';

/**
 * The host side of every transport: checks that `method` is in the spec and that `rawArgs`
 * matches it, then calls the implementation. Throws BridgeArgumentError for anything else.
 */
export async function dispatchBridgeCall(
  api: BridgeApi,
  method: unknown,
  rawArgs: unknown,
): Promise<unknown> {
  if (!isBridgeMethod(method))
    throw new BridgeArgumentError(`Unknown bridge method ${JSON.stringify(method)}.`);
  const args = BRIDGE_SPEC.methods[method].args(rawArgs, method) as never;
  return (api[method] as (a: never) => Promise<unknown>)(args);
}
