// GraphQL fragments the digest tests share.
export const CHANGE_FIELDS = `version kind summary actionRequired sigs prs authors components sources
  subjects { __typename
    ... on FeatureGate { name }
    ... on Flag { component name }
    ... on ApiVersion { apiVersion kind }
    ... on ApiField { kind path }
    ... on WellKnownKey { key }
    ... on Metric { component name } }`;

export const CHANGE_BY_PR = `query($text: String!) { changes(filter: { text: $text }, first: 5) { edges { node { ${CHANGE_FIELDS} } } } }`;

/** The subjects of a change as short strings: "Flag kube-proxy --conntrack-max", "ApiVersion extensions/v1beta1 Ingress". */
export function subjectNames(change: { subjects: Record<string, string>[] }): string[] {
  return change.subjects.map((s) => {
    const { __typename, ...rest } = s;
    return [__typename, ...Object.values(rest)].join(' ');
  });
}

/** The one change of `version` whose PRs include `pr`, with the checks every digest entry must pass. */
export async function changeByPr(
  server: { data<T = any>(q: string, v?: Record<string, unknown>): Promise<T> },
  pr: number,
  version: string,
) {
  const data = await server.data(CHANGE_BY_PR, { text: `#${pr}` });
  const found = data.changes.edges
    .map((e: any) => e.node)
    .filter((c: any) => c.prs.includes(pr) && c.version === version);
  expect(found).toHaveLength(1);
  const c = found[0];
  expect(c.version).toBe(version);
  expect(c.sources).toContain(`https://github.com/kubernetes/kubernetes/pull/${pr}`);
  expect(c.authors.length).toBeGreaterThan(0);
  expect(c.summary.length).toBeGreaterThan(20);
  return c;
}
