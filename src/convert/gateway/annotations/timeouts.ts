// timeouts: ingress-nginx's proxy timeouts (seconds, each for one connect, read or send step) become the
// HTTPRoute rules' timeouts.backendRequest, where the bundle's channel has that field (a route without them
// still serves: the timeout is listed rather than the route held back). The largest
// of them is written: a request to the backend may take every step it allows.
import { gapText } from '../bundle-gaps';
import type { Strategy } from './strategy';

const BACKEND_REQUEST_FIELD = 'spec.rules[].timeouts.backendRequest';

export const timeouts: Strategy = {
  id: 'timeouts',
  read(use, _record, settings, { bundle }) {
    if (!bundle.hasField('HTTPRoute', BACKEND_REQUEST_FIELD))
      return gapText(bundle, { kind: 'HTTPRoute', path: BACKEND_REQUEST_FIELD });
    const seconds = Number(use.value.trim());
    if (!Number.isInteger(seconds) || seconds <= 0 || seconds > 99999)
      return `the value ${JSON.stringify(use.value)} is not a whole number of seconds from 1 to 99999`;
    settings.timeouts.push({ use, seconds });
    return null;
  },
};
