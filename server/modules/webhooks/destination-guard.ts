import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where outbound webhooks may go (docs/webhooks.md, "Destinations"). On a public APP_URL an
 * endpoint must be `https` and must not reach the server's own network: loopback, private
 * (RFC 1918, fc00::/7), link-local (169.254.0.0/16, fe80::/10), carrier-grade NAT, unspecified,
 * multicast and reserved addresses are refused — when the endpoint is saved, and again for every
 * address its name resolves to when a delivery connects (a name may resolve elsewhere later). On a
 * loopback APP_URL (a developer's machine) any http(s) destination is allowed.
 */

export interface DestinationPolicy {
  /** True on a loopback APP_URL: private and loopback destinations, and plain http, allowed. */
  allowPrivate: boolean;
}

/** Refused at send time: the error a delivery records (never retried into the same address). */
export class ForbiddenDestination extends Error {
  readonly code = 'EWEBHOOKDESTINATION';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to ${address}, a private, loopback or reserved address: webhooks are only sent to public addresses.`,
    );
  }
}

/** True for an address a webhook may connect to on a public server: global unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into its IPv4 address.
  return ipaddr.process(address).range() === 'unicast';
}

/** A URL's host without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Why an endpoint URL cannot be saved, or null when it can: the message a person acts on. Names
 * are checked again after resolution when a delivery is sent (guardedLookup).
 */
export function endpointUrlProblem(raw: string, policy: DestinationPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, such as https://example.com/webhooks.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The URL must start with https://.';
  if (url.username || url.password)
    return 'Put credentials in the receiving code, not in the URL: it is shown in the delivery log.';
  if (policy.allowPrivate) return null;
  if (url.protocol !== 'https:') return 'The URL must start with https://.';
  const host = hostOf(url).toLowerCase();
  if (isIP(host)) {
    return isPublicAddress(host)
      ? null
      : `${host} is a private, loopback or reserved address: webhooks are only sent to public addresses.`;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return `${host} is not a public host name: webhooks are only sent to public addresses.`;
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
/** dns.lookup's shape as http.request's `lookup` option calls it. */
export type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

const systemLookup: Lookup = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) =>
    callback(err, addresses ?? []),
  );

/**
 * A `lookup` for http(s).request that resolves every address of the name and fails the connection
 * with ForbiddenDestination when any of them is not public (unless the policy allows private).
 * Checking all of them closes the door of a name answering one public and one private address.
 * `resolve` is the system resolver; tests pass their own.
 */
export function guardedLookup(policy: DestinationPolicy, resolve: Lookup = systemLookup): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, result) => {
      if (err) return callback(err, options.all ? [] : '', 0);
      const addresses = Array.isArray(result)
        ? result
        : [{ address: result, family: isIP(result) }];
      if (addresses.length === 0) {
        const none = Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' });
        return callback(none, options.all ? [] : '', 0);
      }
      if (!policy.allowPrivate) {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new ForbiddenDestination(hostname, bad.address), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The send-time check of an IP literal host (the connection does not call `lookup` for one):
 * throws ForbiddenDestination for a non-public address unless the policy allows private.
 */
export function assertLiteralAllowed(url: URL, policy: DestinationPolicy): void {
  const host = hostOf(url);
  if (!policy.allowPrivate && isIP(host) && !isPublicAddress(host))
    throw new ForbiddenDestination(host, host);
}
