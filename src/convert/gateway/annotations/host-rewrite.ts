// host-rewrite: an annotation that replaces the Host header the backend sees (proxy_set_header Host) becomes
// the hostname of an HTTPRoute URLRewrite filter on every rule, which sets that header. Gateway API takes a
// precise host name there: no port, no wildcard, no nginx variable.
import type { Strategy } from './strategy';

/** Gateway API's PreciseHostname (lower-case DNS labels separated by dots). */
const PRECISE_HOSTNAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const hostRewrite: Strategy = {
  id: 'host-rewrite',
  read(use, _record, settings) {
    const value = use.value.trim();
    if (/\$/.test(value)) return 'the value uses nginx variables, which a Gateway cannot fill in';
    if (value.length > 253 || !PRECISE_HOSTNAME.test(value))
      return `the value ${JSON.stringify(value)} is not a host name a URLRewrite filter takes (lower-case, without port or wildcard)`;
    settings.hostRewrite = { use, hostname: value };
    return null;
  },
};
