// zod schemas of every seed record. The format is documented in seed/README.md; keep the two in step.
import { z } from 'zod';

export const STAGES = ['ALPHA', 'BETA', 'GA', 'DEPRECATED'] as const;
export const CHANGE_KINDS = [
  'URGENT_UPGRADE_NOTE',
  'DEPRECATION',
  'REMOVAL',
  'API_CHANGE',
  'FEATURE',
  'BEHAVIOR_CHANGE',
  'BUG_FIX',
  'KNOWN_ISSUE',
  'OTHER',
] as const;
const KEY_TYPES = ['LABEL', 'ANNOTATION', 'TAINT'] as const;

const version = z
  .string({ error: 'must be a quoted release string such as "1.20" (unquoted 1.20 reads as the number 1.2)' })
  .regex(/^\d{1,3}\.\d{1,3}$/, 'must be a minor release written MAJOR.MINOR, such as "1.20"');
const optionalVersion = version.nullish();
const isoDate = z
  .string({ error: 'must be a quoted ISO date such as "2020-12-08"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date such as "2020-12-08"');
const text = z.string().trim().min(1, 'must not be empty');
const summary = z.string().trim().min(10, 'must be a sentence in our own words (at least 10 characters)');
const sources = z
  .array(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .min(1, 'every record needs at least one source URL');
const notes = z.string().trim().min(1).nullish();
/** introducedIn / deprecatedIn / removedIn, shared by every entity with a life. */
const lifeVersions = {
  introducedIn: optionalVersion,
  deprecatedIn: optionalVersion,
  removedIn: optionalVersion,
};
/**
 * Where a curated value deliberately differs from the generated index (seed/generated/): the field, the
 * source that overrides Kubernetes' own code for it, and why. The cross-check accepts that one difference.
 */
const sourceOverrideSchema = z.strictObject({
  field: z.string().regex(/^[a-zA-Z]+$/, 'must name the record field the override explains, such as "deprecatedIn"'),
  source: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the overriding source' }),
  why: summary,
});
const sourceOverrides = z.array(sourceOverrideSchema).min(1).optional();

const componentName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a component name such as "kube-proxy"');
const sigName = z
  .string()
  .regex(/^[A-Z][A-Za-z ]*$/, 'must be a SIG name as the notes write it, such as "Network" or "API Machinery"');

export const releaseSchema = z.strictObject({
  version,
  releasedOn: isoDate.nullish(),
  endOfLifeOn: isoDate.nullish(),
  preliminary: z.boolean().optional(),
  notes,
  sources,
});

const featureGateStageSchema = z.strictObject({
  stage: z.enum(STAGES),
  defaultEnabled: z.boolean(),
  /** Whether the gate cannot be set against its default in this stage; left out (null) when no source says. */
  lockedToDefault: z.boolean().nullish(),
  since: version,
  until: optionalVersion,
});

export const featureGateSchema = z.strictObject({
  name: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a gate name in UpperCamelCase'),
  summary,
  sigs: z.array(sigName).min(1),
  components: z.array(componentName).default([]),
  kep: z
    .string()
    .regex(/^KEP-\d+$/, 'must be written "KEP-<number>"')
    .nullish(),
  lifecycle: z.array(featureGateStageSchema).min(1, 'a gate needs at least one stage'),
  removedIn: optionalVersion,
  sourceOverrides,
  notes,
  sources,
});

const flagArg = z
  .string()
  .regex(/^--[a-z0-9][a-z0-9-]*(=\S*)?$/, 'must be a flag, optionally with =value, such as "--conntrack-min={value}"');

/**
 * How `netkb convert` rewrites a removed flag in a container's arguments: the first rule whose `value`
 * matches the flag's value (or that has no `value`) applies. `args` replace the flag ({value} is the old
 * value; an empty list drops the flag); `explanation` says why that keeps the behaviour.
 */
const flagConversionSchema = z.strictObject({
  value: z.string().optional(),
  args: z.array(flagArg),
  explanation: summary,
});

export const flagSchema = z.strictObject({
  component: componentName,
  name: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be the flag with its leading dashes, such as "--proxy-mode"'),
  summary,
  ...lifeVersions,
  replacements: z
    .array(z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be a flag such as "--conntrack-min"'))
    .optional(),
  configField: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9.]*$/, 'must be a dotted component-config field')
    .nullish(),
  conversion: z.array(flagConversionSchema).min(1).optional(),
  /** The first release in which the flag no longer does anything (it is still accepted until removedIn). */
  inertFrom: optionalVersion,
  /**
   * From `since` on, the component accepts only these values of the flag (a narrowing of its values); "" is the
   * empty value (kube-controller-manager --cloud-provider= from 1.32).
   */
  acceptsOnly: z.strictObject({ since: version, values: z.array(z.string()).min(1) }).optional(),
  /** The flag matters only while another flag of the component has one of these values (--proxy-mode ipvs). */
  onlyWith: z
    .strictObject({
      flag: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be a flag such as "--proxy-mode"'),
      values: z.array(text).min(1),
    })
    .optional(),
  defaults: z.array(z.strictObject({ value: z.string(), since: version })).optional(),
  /** The flag takes a comma-separated list, each item one of `values` (kube-apiserver --enable-admission-plugins). */
  listValues: z.boolean().optional(),
  /**
   * The flag takes a comma-separated key=value list whose keys name built-in API group/versions (group/version, or
   * group/version/resource; "api/v1" is the core group), besides these keys that stand for classes of versions
   * (kube-apiserver --runtime-config: api/all, api/beta, ...). Each key is looked up in the api-versions records.
   */
  apiVersionKeys: z
    .strictObject({ besides: z.array(z.string().regex(/^[a-z0-9.-]+\/[a-z0-9]+$/, 'a key such as "api/all"')) })
    .optional(),
  values: z
    .array(
      z.strictObject({
        value: text,
        introducedIn: optionalVersion,
        deprecatedIn: optionalVersion,
        removedIn: optionalVersion,
        replacement: text.nullish(),
        /** Other values that replace it as well, for another setup (cri-dockerd's socket for a node keeping Docker Engine). */
        alternatives: z.array(text).optional(),
      }),
    )
    .optional(),
  sourceOverrides,
  notes,
  sources,
});

const apiVersionString = z
  .string()
  .regex(/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/, 'must be an apiVersion such as "networking.k8s.io/v1" or "v1"');
const kindName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a kind such as "Ingress"');

const dotPath = z
  .string()
  .regex(
    /^[a-zA-Z][a-zA-Z0-9]*(\[\])?(\.[a-zA-Z][a-zA-Z0-9]*(\[\])?)*$/,
    'must be a dot path such as "spec.backend" or "spec.rules[].http.paths[].backend"',
  );
const scalarValue = z.union([z.string(), z.number(), z.boolean()]);

/** Names of the conversion transforms written in code (src/convert/transforms); a step names one. */
const TRANSFORM_NAME = z
  .string()
  .regex(
    /^[a-z][a-z0-9-]*$/,
    'must be the name of a transform in src/convert/transforms, such as "endpointslice-topology"',
  );

/** One step of an API version conversion. Paths are relative to the object; [] visits every list item. */
const conversionStepSchema = z.union([
  z.strictObject({
    move: dotPath,
    to: dotPath,
    /** Only values of this type move (servicePort: numbers to port.number, names to port.name). */
    when: z.enum(['number', 'string']).optional(),
    /** Written beside the moved value, in its new parent map (e.g. type: Utilization). */
    set: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), scalarValue).optional(),
    /** The moved value becomes the only item of a list (spec.ipFamily: IPv6 -> spec.ipFamilies: [IPv6]). */
    asList: z.boolean().optional(),
    why: text.optional(),
  }),
  z.strictObject({ remove: dotPath, why: text }),
  z.strictObject({ default: dotPath, value: scalarValue, why: text }),
  z.strictObject({ copy: dotPath, to: dotPath, unlessSet: dotPath.optional(), why: text }),
  /**
   * Refuse the object: when the path is present, empty, missing from any map that could hold it (a list item
   * without it), when a value is not one of `values`, or when two items give it the same value.
   */
  z
    .strictObject({
      refuse: dotPath,
      when: z.enum(['empty', 'present', 'missing', 'notIn', 'duplicate']),
      values: z.array(scalarValue).min(1).optional(),
      why: text,
    })
    .refine((st) => (st.when === 'notIn') === (st.values !== undefined), {
      message: 'values goes with when: notIn, and only with it',
      path: ['values'],
    }),
  z.strictObject({ transform: TRANSFORM_NAME, why: text }),
]);

/** How to rewrite an object of this API version into `to` (same kind); steps run in order. */
const apiConversionSchema = z.strictObject({
  to: apiVersionString,
  steps: z.array(conversionStepSchema).default([]),
});

export const apiVersionSchema = z.strictObject({
  apiVersion: apiVersionString,
  kind: kindName,
  ...lifeVersions,
  announcedRemovalIn: optionalVersion,
  replacement: apiVersionString.nullish(),
  replacementAvailableIn: optionalVersion,
  /** Derived by the loader where the index reads the group; null: the API server does not serve it (a file format). */
  servedByDefault: z.boolean().nullable().optional(),
  migrationNotes: text.nullish(),
  conversion: apiConversionSchema.nullish(),
  sourceOverrides,
  notes,
  sources,
});

export const apiFieldSchema = z.strictObject({
  kind: kindName,
  path: z
    .string()
    .regex(
      /^[a-zA-Z][a-zA-Z0-9]*(\[\])?(\.([a-zA-Z][a-zA-Z0-9]*|\*)(\[\])?)*$/,
      'must be a dot path such as "spec.ipFamilies" or "endpoints[].conditions.serving" (* for any key of a map)',
    ),
  apiVersions: z.array(apiVersionString).optional(),
  summary,
  ...lifeVersions,
  featureGate: z.string().nullish(),
  replacement: text.nullish(),
  /** How netkb convert rewrites an object that sets this field; steps as in api-versions conversions. */
  conversion: z.strictObject({ steps: z.array(conversionStepSchema).min(1) }).nullish(),
  /**
   * Values of the field that the component stops accepting or calls deprecated (a scheduler plugin's name, kubeadm's
   * dns.type kube-dns), each optionally for some of the record's apiVersions only (a plugin one file version drops
   * before the component does). A path may use * for any key of a map (profiles[].plugins.*.enabled[].name).
   */
  values: z
    .array(
      z.strictObject({
        value: text,
        apiVersions: z.array(apiVersionString).min(1).optional(),
        deprecatedIn: optionalVersion,
        removedIn: optionalVersion,
        replacement: text.nullish(),
      }),
    )
    .min(1)
    .optional(),
  /**
   * The path of another record of the same kind whose `values` this field takes as well, with the same dates: the
   * component checks the names at both places alike (a plugin's pluginConfig entry as its enabled entry). Not with
   * `values`.
   */
  valuesFrom: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9]*(\[\])?(\.([a-zA-Z][a-zA-Z0-9]*|\*)(\[\])?)*$/, 'must be the path of a record')
    .optional(),
  sourceOverrides,
  notes,
  sources,
});

export const wellKnownKeySchema = z.strictObject({
  key: z
    .string()
    .regex(
      /^(([a-z0-9.-]+\/)?[A-Za-z0-9._-]+|[a-z0-9.-]+\/\*)$/,
      'must be a label, annotation or taint key, or "prefix/*" for every key under a prefix',
    ),
  type: z.enum(KEY_TYPES),
  summary,
  ...lifeVersions,
  replacement: text.nullish(),
  /** First release in which Kubernetes sets or reads the replacement in this key's role (e.g. as a taint). */
  replacementIn: optionalVersion,
  /**
   * The key's life in its other roles, where it differs from `type`'s (node-role.kubernetes.io/master: a taint
   * kubeadm stopped setting in 1.25, and a label it stopped setting in 1.24). A role the record does not list is
   * not checked where the key is used in it.
   */
  otherRoles: z
    .array(
      z.strictObject({
        type: z.enum(KEY_TYPES),
        ...lifeVersions,
        replacement: text.nullish(),
        replacementIn: optionalVersion,
      }),
    )
    .min(1)
    .optional(),
  notes,
  sources,
});

export const metricSchema = z.strictObject({
  component: componentName,
  name: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'must be a Prometheus metric name'),
  summary,
  ...lifeVersions,
  sourceOverrides,
  notes,
  sources,
});

export const componentSchema = z.strictObject({
  name: componentName,
  summary,
  binaries: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'must be an executable name such as "kube-proxy"'))
    .min(1),
  images: z
    .array(
      z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be an image name without registry or tag, such as "kube-proxy"'),
    )
    .default([]),
  configKinds: z
    .array(
      z
        .string()
        .regex(
          /^[a-z0-9.-]+\/[A-Z][A-Za-z0-9]*$/,
          'must be "<group>/<Kind>", such as "kubeproxy.config.k8s.io/KubeProxyConfiguration"',
        ),
    )
    .default([]),
  /** Multi-call binaries that run the component as a subcommand (`hyperkube apiserver`). */
  launchers: z
    .array(
      z.strictObject({
        binary: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'must be an executable name such as "hyperkube"'),
        names: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a subcommand such as "apiserver"')).min(1),
      }),
    )
    .default([]),
  notes,
  sources,
});

const fieldPath = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9]*(\[\])?(\.[a-zA-Z][a-zA-Z0-9]*(\[\])?)*$/, 'must be a dot path such as "spec.template"');

const fieldName = z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, 'must be a field name such as "apiVersion"');
const referenceCommon = {
  path: fieldPath,
  severity: z.enum(['BREAKING', 'WARNING', 'INFO']),
  effect: summary,
  objectGroups: z
    .array(z.string().regex(/^([a-z0-9.-]*)$/, 'must be an API group such as "apps" ("" for core)'))
    .default([]),
  unless: fieldPath.nullish(),
};
const KEY_ROLES = ['carries', 'selects', 'prefers', 'tolerates', 'spreads'] as const;
/**
 * kinds.yaml `keyPlaces`: where objects of the kind hold a label, annotation or taint key that Kubernetes
 * reads. `mapKeys`: the keys of the map at `path`; `value`: the string at `path`; `listValues`: each string
 * of the list at `path`.
 */
const keyPlaceSchema = z
  .strictObject({
    path: fieldPath,
    holds: z.enum(['mapKeys', 'value', 'listValues']),
    type: z.enum(KEY_TYPES),
    role: z.enum(KEY_ROLES),
    whenRemoved: z.enum(['BREAKING', 'WARNING']),
    notes,
    sources,
  })
  .refine((p) => p.holds === 'value' || !p.path.endsWith('[]'), {
    message: 'a mapKeys or listValues place must end at the map or list itself, not at "[]"',
    path: ['path'],
  });

/** kinds.yaml `references`: where objects of the kind name another API, and how Kubernetes resolves the name. */
const referencePlaceSchema = z.discriminatedUnion('resolves', [
  z.strictObject({
    ...referenceCommon,
    resolves: z.enum(['groupKind', 'groupVersionKind']),
    apiVersionField: fieldName,
    kindField: fieldName,
  }),
  z.strictObject({
    ...referenceCommon,
    resolves: z.literal('groupResource'),
    groupsField: fieldName,
    resourcesField: fieldName,
    /**
     * Optional: the list of verbs each map grants. With it, a map whose group stops serving the resource is not
     * reported when another map of the same object still grants the resource with at least those verbs.
     */
    verbsField: fieldName.optional(),
  }),
  z.strictObject({
    ...referenceCommon,
    resolves: z.literal('groupVersion'),
    groupField: fieldName,
    versionField: fieldName,
  }),
]);

/**
 * kinds.yaml `flagPlaces`: where objects of the kind pass command-line flags to a component, as a map of flag
 * names without dashes to values (kubeadm's extraArgs up to v1beta3) or a list of {name, value} items (v1beta4).
 */
const flagPlaceSchema = z.strictObject({
  path: fieldPath,
  component: componentName,
  /** The one flag whose value the field at `path` is; without it, `path` holds a map or list of flags. */
  flag: z
    .string()
    .regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be a flag such as "--container-runtime-endpoint"')
    .optional(),
  objectGroups: referenceCommon.objectGroups,
  notes,
  sources,
});

export const kindSchema = z.strictObject({
  kind: kindName.or(z.literal('*')),
  podTemplate: fieldPath.nullish(),
  references: z.array(referencePlaceSchema).default([]),
  keyPlaces: z.array(keyPlaceSchema).default([]),
  flagPlaces: z.array(flagPlaceSchema).default([]),
  /** The tool that reads the kind as a configuration file (kubeadm); its fields are in generated/kubeadm-fields.json. */
  configFileOf: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .nullish(),
  notes,
  sources,
});

const constraintPart = z.union([
  z.strictObject({ literal: text }),
  z.strictObject({
    from: z.array(fieldPath).min(1, 'name at least one field path; the first one present is used'),
    default: text.nullish(),
  }),
]);

/** A key every --feature-gates accepts besides the gates (seed/gate-keys.yaml): AllAlpha, AllBeta. */
export const gateKeySchema = z.strictObject({
  key: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a key such as "AllAlpha"'),
  stage: z.enum(['ALPHA', 'BETA']),
  introducedIn: optionalVersion,
  summary,
  notes,
  sources,
});

/** A domain of the API groups the Kubernetes project reserves (seed/api-group-domains.yaml). */
export const apiGroupDomainSchema = z.strictObject({
  domain: z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a DNS domain'),
  notes,
  sources,
});

/** What one SIG owns (seed/sig-owners.yaml): components, the flags of shared libraries, API groups and kinds. */
export const sigOwnerSchema = z.strictObject({
  sig: sigName,
  components: z.array(componentName).optional(),
  libraries: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a library name such as "klog"'),
        flags: z
          .array(
            z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be a flag with its leading dashes, such as "--log-dir"'),
          )
          .min(1),
      }),
    )
    .optional(),
  apiGroups: z
    .array(z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'must be an API group such as "networking.k8s.io"'))
    .optional(),
  apiKinds: z
    .array(
      z.string().regex(/^[a-z0-9.-]+\/[A-Z][A-Za-z0-9]*$/, 'must be "<group>/<Kind>", such as "extensions/Ingress"'),
    )
    .optional(),
  notes,
  sources,
});

export const constraintSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes'),
  kind: kindName,
  summary,
  severity: z.enum(['BREAKING', 'WARNING', 'INFO']),
  when: z.strictObject({ path: fieldPath, equals: z.union([z.string(), z.number(), z.boolean()]) }).nullish(),
  measure: z.strictObject({
    join: z.string(),
    parts: z.array(constraintPart).min(1),
  }),
  maxLength: z.number().int().positive(),
  featureGate: z.string().nullish(),
  since: optionalVersion,
  change: z
    .string()
    .regex(/^\d+\.\d+#[a-z0-9-]+$/, 'must name a change as "<release>#<id>", such as "1.20#95267"')
    .nullish(),
  notes,
  sources,
});

const subjectRef = z
  .string()
  .regex(
    /^(gate|flag|api|field|key|metric):\S.*$/,
    'must be "<type>:<reference>" with type gate, flag, api, field, key or metric (see seed/README.md)',
  );

const changeSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes')
    .optional(),
  prs: z.array(z.number().int().positive()).optional(),
  kind: z.enum(CHANGE_KINDS),
  actionRequired: z.boolean().optional(),
  summary,
  sigs: z.array(sigName).min(1),
  authors: z.array(z.string().regex(/^[A-Za-z0-9-]+(\[bot\])?$/, 'must be a GitHub handle without "@"')).optional(),
  components: z.array(componentName).optional(),
  subjects: z.array(subjectRef).optional(),
  /** The notes of this release repeat an entry recorded for an earlier release (same PR). */
  repeats: version.optional(),
  sources,
});

export const changesFileSchema = z.strictObject({
  version,
  source: z.url().optional(),
  changes: z.array(changeSchema),
});

export type ReleaseRecord = z.infer<typeof releaseSchema>;
export type FeatureGateRecord = z.infer<typeof featureGateSchema>;
export type FlagRecord = z.infer<typeof flagSchema>;
export type ConversionStepRecord = z.infer<typeof conversionStepSchema>;
export type ApiVersionRecord = z.infer<typeof apiVersionSchema>;
export type ApiFieldRecord = z.infer<typeof apiFieldSchema>;
export type WellKnownKeyRecord = z.infer<typeof wellKnownKeySchema>;
export type MetricRecord = z.infer<typeof metricSchema>;
export type ChangeRecord = z.infer<typeof changeSchema>;
export type ComponentRecord = z.infer<typeof componentSchema>;
export type KindRecord = z.infer<typeof kindSchema>;
export type ConstraintRecord = z.infer<typeof constraintSchema>;
export type GateKeyRecord = z.infer<typeof gateKeySchema>;
export type ApiGroupDomainRecord = z.infer<typeof apiGroupDomainSchema>;
export type SigOwnerRecord = z.infer<typeof sigOwnerSchema>;
export type SourceOverrideRecord = z.infer<typeof sourceOverrideSchema>;
