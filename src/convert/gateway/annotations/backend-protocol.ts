// backend-protocol and backend-tls: the protocol ingress-nginx speaks to the Ingress's backends, and the
// annotations of TLS to them. What each value of the protocol asks for (the route kind that carries it, TLS to
// the backend or not, or why nothing can) is the record's (`protocols`): nothing here knows a value by name. A
// value the record does not list is one the controller refuses, speaking the record's defaultValue instead
// (internal/ingress/annotations/backendprotocol/main.go at controller-v1.15.1), and so does the route. The TLS
// annotations are only gathered here by role; ../backend-tls.ts turns them into BackendTLSPolicies once the
// routes are made.
import { STRATEGY_ROLES } from '../../../seed/gateway-api-schemas';
import { unknownRole, type Strategy } from './strategy';

const TLS_ROLES: readonly string[] = STRATEGY_ROLES['backend-tls'] ?? [];

export const backendProtocol: Strategy = {
  id: 'backend-protocol',
  read(use, record, settings) {
    const protocols = record.protocols ?? [];
    const value = use.value.trim().toUpperCase();
    const protocol = protocols.find((p) => p.value.toUpperCase() === value);
    if (!protocol) {
      const fallback = protocols.find((p) => p.value === record.defaultValue);
      return {
        refused: `ingress-nginx does not take the value ${JSON.stringify(use.value)} (it takes ${protocols.map((p) => p.value).join(', ')}) and speaks ${fallback?.value ?? 'its default'} to the backend instead; so does the route`,
      };
    }
    if (protocol.route === null)
      return { reason: protocol.reason ?? 'no route carries it', breaks: record.breaksWhenLost };
    settings.backendProtocol = { use, protocol };
    return null;
  },
};

export const backendTls: Strategy = {
  id: 'backend-tls',
  read(use, record, settings, { defaultOf }) {
    if (!record.role || !TLS_ROLES.includes(record.role)) return unknownRole(record, 'backend-tls');
    settings.backendTls ??= { given: new Map(), defaults: new Map(TLS_ROLES.map((r) => [r, defaultOf(r)])) };
    settings.backendTls.given.set(record.role, use);
    return null;
  },
};
