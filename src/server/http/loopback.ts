/** The host names that reach this machine only. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** The address the server binds to: IPv4 loopback, never a public interface. */
export const LOOPBACK_ADDRESS = '127.0.0.1';

/** True when `hostname` (as in a URL, IPv6 in brackets) names the loopback interface. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());
}
