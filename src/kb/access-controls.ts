// The access controls of an Ingress controller that a conversion to Gateway API must never drop in silence (a
// route made without one serves what the Ingress protected), each with the words messages name it by. An
// annotation record of the seed that belongs to one names it (`access.control`, seed/README.md).
export const ACCESS_CONTROLS = {
  'external-auth': 'external authentication',
  'basic-auth': 'basic or digest authentication',
  'source-address': 'client address filtering',
  'client-certificate': 'client certificate authentication',
} as const;

export type AccessControl = keyof typeof ACCESS_CONTROLS;

export const ACCESS_CONTROL_IDS = Object.keys(ACCESS_CONTROLS) as [AccessControl, ...AccessControl[]];
