/**
 * A host as a URL or a `host:port` writes it: an IPv6 address in brackets (`[::1]`), a name or
 * an IPv4 address as is. Without the brackets `http://::1:7410` is no URL (Node's url.parse
 * warns of it, DEP0170) and `::1:502` cannot be told from a longer address.
 */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `http://<host>:<port>`, the host bracketed when it is an IPv6 address. */
export function httpUrl(host: string, port: number): string {
  return `http://${urlHost(host)}:${port}`;
}
