// The rule registry: every rule the analysis runs, in the order their findings are produced.
import type { Rule } from '../../types';
import { apiFieldRule } from './api-fields';
import { apiReferenceRule } from './api-references';
import { apiVersionRule } from './api-versions';
import { componentFlagRule } from './component-flags';
import { constraintRule } from './constraints';
import { featureGateRule } from './feature-gates';
import { gatewayApiRule } from './gateway-api';
import { notKubernetesRule } from './not-kubernetes';
import { wellKnownKeyRule } from './well-known-keys';

export const RULES: readonly Rule[] = [
  apiVersionRule,
  apiFieldRule,
  apiReferenceRule,
  wellKnownKeyRule,
  componentFlagRule,
  featureGateRule,
  constraintRule,
  gatewayApiRule,
  notKubernetesRule,
];
