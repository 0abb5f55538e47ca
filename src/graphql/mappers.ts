// What each GraphQL object type is in memory, for the generated resolver types (codegen.ts `mappers`):
// a resolver's parent is, and a resolver returns, the model or service result named here, not the SDL's
// shape (versions are VersionKeys, ids and cross-links are resolved by field resolvers).
import type { Connection } from '../services/pagination';
import type { Change } from '../kb/model';
import type { SearchHit } from '../services/search';

export type {
  ApiField,
  ApiVersion,
  Change,
  FeatureGate,
  FeatureGateStage,
  Flag,
  FlagDefault,
  FlagValue,
  Metric,
  Release,
  WellKnownKey,
} from '../kb/model';
export type { GateState } from '../kb/gate-state';
export type { Finding, ResourceRef } from '../analysis';
export type { ConversionChange } from '../convert/types';
export type { ConversionReport } from '../services/convert-manifest';
export type { GateTransition, VersionDiff } from '../services/diff';
export type { ImportResult } from '../services/import-notes';
export type { SearchHit } from '../services/search';
export type { UpgradeReport } from '../services/upgrade-report';

export type ChangeConnection = Connection<Change>;
export type SearchConnection = Connection<SearchHit>;
