/**
 * The Host header check that keeps a DNS-rebinding page off the table server: a page on an
 * attacker's domain that resolves to this machine sends its own domain as Host, so a request whose
 * Host is no address, no localhost name and no name the host allowed (`--allow-host`) is refused.
 * An address typed in a browser (a phone opening http://192.168.1.5:8080) is always accepted: a
 * rebinding page cannot make its origin an IP literal.
 */
import { isIP } from 'node:net';

/** The names of this machine that need no `--allow-host`. */
export const LOCAL_HOST_NAMES: readonly string[] = ['localhost'];

/** `--allow-host *`: the check is off (a reverse proxy that checks Host itself). */
export const ANY_HOST = '*';

/** The longest Host header read (a DNS name is at most 253 characters, a port and brackets add 8). */
export const MAX_HOST_HEADER_LENGTH = 261;

/** The hostname of a Host header, lower case, without port or IPv6 brackets; null when it is no host. */
export function hostnameOf(header: string): string | null {
  if (header.length === 0 || header.length > MAX_HOST_HEADER_LENGTH) return null;
  const text = header.toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return null;
    const rest = text.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    const inner = text.slice(1, end);
    return isIP(inner) === 6 ? inner : null;
  }
  const colon = text.lastIndexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  if (colon >= 0 && !/^\d{1,5}$/.test(text.slice(colon + 1))) return null;
  if (!/^[a-z0-9.-]+$/.test(name)) return null;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Reads `--allow-host` values into the hostnames they allow; a problem message for one that is no host name. */
export function readAllowedHosts(values: readonly string[]): { readonly ok: true; readonly hosts: readonly string[] } | { readonly ok: false; readonly message: string } {
  const hosts: string[] = [];
  for (const v of values) {
    if (v === ANY_HOST) {
      hosts.push(ANY_HOST);
      continue;
    }
    const name = hostnameOf(v.trim());
    if (name === null || name === '') return { ok: false, message: `'${v.slice(0, 80)}' is not a host name (such as table.example or table.example:8080), nor * for any host` };
    hosts.push(name);
  }
  return { ok: true, hosts };
}

/**
 * True when a request with this Host header may be served: an IP address, localhost or a name under
 * `.localhost`, or one of `allowed` (hostnames as `readAllowedHosts` gives them; `*` allows any).
 */
export function isAllowedHost(header: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes(ANY_HOST)) return true;
  if (header === undefined) return false;
  const name = hostnameOf(header);
  if (name === null) return false;
  if (isIP(name) !== 0) return true;
  if (LOCAL_HOST_NAMES.includes(name) || name.endsWith('.localhost')) return true;
  return allowed.includes(name);
}

/** The host names of origins allowed to open the WebSocket (`--allow-origin`): a page there names its own host. */
export function originHosts(origins: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (const o of origins) {
    try {
      const name = hostnameOf(new URL(o).host);
      if (name !== null) out.push(name);
    } catch {
      // An origin that is no URL allows no host.
    }
  }
  return out;
}
