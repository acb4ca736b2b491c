/** The Host header check (DNS rebinding): which Host headers the server answers. */
import { describe, expect, it } from 'vitest';
import { ANY_HOST, hostnameOf, isAllowedHost, MAX_HOST_HEADER_LENGTH, originHosts, readAllowedHosts } from './hosts.js';

describe('hostnameOf', () => {
  it('reads names, ports and bracketed IPv6, lower case, and refuses what is no host', () => {
    expect(hostnameOf('Table.Example:8080')).toBe('table.example');
    expect(hostnameOf('table.example.')).toBe('table.example');
    expect(hostnameOf('[::1]:8080')).toBe('::1');
    expect(hostnameOf('[::1]')).toBe('::1');
    expect(hostnameOf('127.0.0.1:80')).toBe('127.0.0.1');
    expect(hostnameOf('')).toBeNull();
    expect(hostnameOf('evil.example:port')).toBeNull();
    expect(hostnameOf('[nope]:80')).toBeNull();
    expect(hostnameOf('a b.example')).toBeNull();
    expect(hostnameOf('x@evil.example')).toBeNull();
  });

  it(`MAX_HOST_HEADER_LENGTH = ${MAX_HOST_HEADER_LENGTH}: a header that long is read, one character more is no host`, () => {
    const name = 'a'.repeat(MAX_HOST_HEADER_LENGTH - 5);
    expect(hostnameOf(`${name}:8080`)).toBe(name);
    expect(hostnameOf(`${name}a:8080`)).toBeNull();
  });
});

describe('isAllowedHost', () => {
  it('answers addresses and localhost names whatever is allowed, other names only when allowed', () => {
    for (const h of ['127.0.0.1:8080', '192.168.1.5:8080', '[::1]:8080', 'localhost:8080', 'LOCALHOST', 'table.localhost:3000']) expect(isAllowedHost(h, [])).toBe(true);
    expect(isAllowedHost('rebind.evil.example:8080', [])).toBe(false);
    expect(isAllowedHost('localhost.evil.example', [])).toBe(false);
    expect(isAllowedHost('table.example:443', ['table.example'])).toBe(true);
    expect(isAllowedHost('other.example', ['table.example'])).toBe(false);
    expect(isAllowedHost(undefined, [])).toBe(false);
    expect(isAllowedHost(undefined, [ANY_HOST])).toBe(true);
    expect(isAllowedHost('anything.example', [ANY_HOST])).toBe(true);
  });
});

describe('readAllowedHosts and originHosts', () => {
  it('reads names with or without ports and *, and names the value that is no host', () => {
    expect(readAllowedHosts(['Table.Example:8443', '*'])).toEqual({ ok: true, hosts: ['table.example', '*'] });
    expect(readAllowedHosts(['https://table.example'])).toEqual({ ok: false, message: "'https://table.example' is not a host name (such as table.example or table.example:8080), nor * for any host" });
    expect(originHosts(['https://table.example', 'not a url', 'http://[::1]:3000'])).toEqual(['table.example', '::1']);
  });
});
