/**
 * A controller's address as a user writes it: `plc`, `192.168.0.10:5020`, `[::1]:502`, or a bare
 * IPv6 address (`fe80::1`, which cannot carry a port without its brackets). Returns the host and
 * port, or the problem in words.
 */
export function parseHostPort(
  text: string,
  defaultPort: number,
): { host: string; port: number } | { problem: string } {
  const written = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(written);
  let host: string;
  let port: string | undefined;
  if (bracketed) [host, port] = [bracketed[1]!, bracketed[2]];
  else if (written.split(':').length > 2) host = written;
  else [host, port] = written.split(':') as [string, string | undefined];
  if (host === '' || host.length > 253 || /[\s/?#@[\]]/.test(host))
    return { problem: `needs a host name or address, like 192.168.0.10 or plc:5020; got '${text}'` };
  if (port === undefined) return { host, port: defaultPort };
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    return { problem: `has a port that is not from 1 to 65535; got '${text}'` };
  return { host, port: Number(port) };
}
