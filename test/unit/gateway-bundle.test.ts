// The Gateway API bundle the dashboard recommends for a Kubernetes release (web/src/gateway-bundle.ts): the
// newest one whose minimum is known and reached, releases compared as numbers, never a bundle no source dates.
import { fittingBundle, type BundleSupport } from '../../web/src/gateway-bundle';

const bundles: BundleSupport[] = [
  { version: 'v0.5.0', minKubernetes: '1.9' },
  { version: 'v0.6.0', minKubernetes: '1.10' },
  { version: 'v1.0.0', minKubernetes: '1.26' },
  { version: 'v1.1.0', minKubernetes: null },
  { version: 'v1.2.0', minKubernetes: '1.30' },
];

describe('fittingBundle', () => {
  it('answers the newest bundle whose minimum is at or before the release', () => {
    expect(fittingBundle(bundles, '1.30')).toBe('v1.2.0');
    expect(fittingBundle(bundles, '1.31')).toBe('v1.2.0');
    expect(fittingBundle(bundles, '1.26')).toBe('v1.0.0');
  });

  it('compares releases as numbers: 1.10 comes after 1.9', () => {
    expect(fittingBundle(bundles, '1.9')).toBe('v0.5.0');
    expect(fittingBundle(bundles, '1.10')).toBe('v0.6.0');
    expect(fittingBundle(bundles, '1.29')).toBe('v1.0.0');
  });

  it('never answers a bundle whose minimum no source gives, even the newest', () => {
    expect(fittingBundle(bundles, '1.29')).not.toBe('v1.1.0');
    expect(fittingBundle([{ version: 'v9.0.0', minKubernetes: null }], '1.35')).toBeNull();
  });

  it('answers null when no bundle supports the release, or there is none', () => {
    expect(fittingBundle(bundles, '1.8')).toBeNull();
    expect(fittingBundle([], '1.30')).toBeNull();
  });

  it('takes the spellings the API accepts ("v1.30", "1.30.2")', () => {
    expect(fittingBundle(bundles, 'v1.30')).toBe('v1.2.0');
    expect(fittingBundle(bundles, '1.30.2')).toBe('v1.2.0');
  });
});
