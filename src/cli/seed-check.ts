// npm run seed:check: validates seed/ and prints what it holds, or every problem with file, record,
// field and line. Writes nothing. Exit 0 when valid, 1 when not.
import { loadSeed, SeedValidationError } from '../seed/load';
import { seedDir } from '../config';

try {
  const b = loadSeed(seedDir());
  const counts = {
    releases: b.releases.length,
    components: b.components.length,
    kinds: b.kinds.length,
    constraints: b.constraints.length,
    featureGates: b.featureGates.length,
    flags: b.flags.length,
    apiVersions: b.apiVersions.length,
    apiFields: b.apiFields.length,
    wellKnownKeys: b.wellKnownKeys.length,
    metrics: b.metrics.length,
    changes: b.changes.length,
  };
  process.stdout.write(
    `seed is valid (${b.hash.slice(0, 12)}): ${Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}\n`,
  );
  if (b.generatedGates.length > 0)
    process.stdout.write(
      `generated from Kubernetes' feature files (seed/generated/): ${b.generatedGates.length} more featureGates, of other SIGs (shallow records)\n`,
    );
  if (b.generatedFlags.length > 0)
    process.stdout.write(
      `generated from the release notes' flag events (seed/generated/flag-events.json): ${b.generatedFlags.length} more flags of every component (shallow records); the curated ones agree with the events\n`,
    );
  if (b.generatedKeys.length > 0)
    process.stdout.write(
      `generated from the well-known keys page and kubernetes/api (seed/generated/well-known-keys.json): ${b.generatedKeys.length} more wellKnownKeys (known, no change recorded); the curated ones agree with both\n`,
    );
  if (b.fileFieldPaths.length > 0)
    process.stdout.write(
      `generated from the components' types (seed/generated/component-config-fields.json): ${b.generatedApiFields.length} more apiFields of their configuration files (shallow records), and the field paths of ${b.fileFieldPaths.length} file format versions\n`,
    );
  const x = b.crossCheck;
  if (x) {
    const kinds = ['apiVersions', 'apiFields', 'featureGates', 'featureGateComponents', 'metrics', 'flags'] as const;
    process.stdout.write(
      `checked against Kubernetes' source (seed/generated/): ${kinds.map((k) => `${x.checked[k]} ${k}`).join(', ')} agree` +
        `${x.overridden > 0 ? ` (${x.overridden} differences explained by sourceOverrides)` : ''}; ` +
        `${x.generated} apiVersions generated, ${x.filled} values filled in; not covered by the index: ${kinds.map((k) => `${x.notCovered[k]} ${k}`).join(', ')}\n`,
    );
    const m = x.migrationNotes;
    process.stdout.write(
      `migration notes: ${m.checked} checked against the differences of their version's types, ${m.notCovered} of versions the field index lacks; ` +
        `${m.gaps.length} fields a replacement drops that no note or conversion names${m.gaps.map((g) => `\n  ${g}`).join('')}\n`,
    );
    const v = x.flagValueChanges;
    process.stdout.write(
      `flag value and default changes: ${v.checked} held to the release notes that speak of the flag (seed/generated/flag-events.json), ${v.notCovered} dated before the first notes read\n`,
    );
    const c = x.configValueChanges;
    process.stdout.write(
      `configuration-file value changes: ${c.checked} held to the release notes (seed/generated/flag-events.json configValues), ${c.notCovered} dated outside the notes read\n`,
    );
    if (process.argv.includes('--verbose'))
      process.stdout.write(x.filledValues.map((l) => `  filled from the index: ${l}\n`).join(''));
  } else {
    process.stdout.write("no generated index (seed/generated/): nothing was checked against Kubernetes' source\n");
  }
} catch (err) {
  if (err instanceof SeedValidationError) {
    process.stderr.write(err.message + '\n');
    process.exit(1);
  }
  throw err;
}
