// What each GraphQL object type is in memory, for the generated resolver types (codegen.ts `mappers`):
// a resolver's parent is, and a resolver returns, the model or service result named here, not the SDL's
// shape (versions are VersionKeys, ids and cross-links are resolved by field resolvers).
import type { Connection } from '../services/pagination';
import type { Change as KubernetesChange, GatewayApiChange } from '../kb/model';
import type { SearchHit } from '../services/search';

export type {
  AnnotationAccess,
  ApiField,
  ApiVersion,
  FeatureGate,
  FeatureGateStage,
  Flag,
  FlagDefault,
  FlagValue,
  GatewayApiKind,
  GatewayApiRelease,
  IngressNginxAnnotation,
  Metric,
  Release,
  WellKnownKey,
} from '../kb/model';
export type { GateState } from '../kb/gate-state';
export type { Finding, ResourceRef } from '../analysis';
export type { ApiRequestRef, HelmReleaseRef, ObjectOrigin } from '../analysis/reader/manifest';
export type { GatewayConversionResult as GatewayConversion } from '../convert/gateway/plan';
export type { ConversionChange } from '../convert/types';
export type { ConversionReport } from '../services/convert-manifest';
export type { GateTransition, RankedChange, VersionDiff } from '../services/diff';
export type { ImportResult } from '../services/import-notes';
export type { SearchHit } from '../services/search';
export type { UpgradeReport } from '../services/upgrade-report';

/** A Kubernetes release-note entry or a Gateway API CHANGELOG entry (version null, gatewayApiRelease set). */
export type Change = KubernetesChange | GatewayApiChange;
export type ChangeConnection = Connection<KubernetesChange>;
export type SearchConnection = Connection<SearchHit>;
