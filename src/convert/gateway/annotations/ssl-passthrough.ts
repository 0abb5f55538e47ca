// ssl-passthrough: "true" hands the host's TLS connections to its backend unopened. Read here; the listener and
// TLSRoute it becomes are planned per host in ../passthrough.ts, as ingress-nginx turns it on per host.
import { isBoolean, isTrue, type Strategy } from './strategy';

export const sslPassthrough: Strategy = {
  id: 'ssl-passthrough',
  read(use, record, settings) {
    if (!isBoolean(use.value)) return `the value ${JSON.stringify(use.value)} is not "true" or "false"`;
    settings.sslPassthrough = { use, on: isTrue(use.value), controllerFlag: record.controllerFlag };
    return null;
  },
};
