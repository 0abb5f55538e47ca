import { formatVersion, parseVersion, VersionFormatError } from '../../src/kb/version';

describe('parseVersion', () => {
  it.each([
    ['1.20', 1020],
    ['v1.20', 1020],
    ['1.20.3', 1020],
    [' 1.9 ', 1009],
    ['V1.15', NaN],
  ])('reads %p', (input, expected) => {
    if (Number.isNaN(expected)) expect(() => parseVersion(input)).toThrow(VersionFormatError);
    else expect(parseVersion(input)).toBe(expected);
  });

  it.each(['', '1', '1.', 'one.two', '1.20.3.4', '1.20-rc.0', '1.2x'])(
    'refuses %p with a message that shows the format',
    (input) => {
      expect(() => parseVersion(input)).toThrow(/MAJOR\.MINOR such as "1\.20"/);
    },
  );

  it('orders releases numerically, not as text: 1.9 < 1.10 < 1.20 < 2.0', () => {
    const sorted = ['1.20', '2.0', '1.10', '1.9']
      .map(parseVersion)
      .sort((a, b) => a - b)
      .map(formatVersion);
    expect(sorted).toEqual(['1.9', '1.10', '1.20', '2.0']);
  });

  it('formats back to MAJOR.MINOR, keeping a trailing zero', () => {
    expect(formatVersion(parseVersion('v1.20.0'))).toBe('1.20');
    expect(formatVersion(parseVersion('1.100'))).toBe('1.100');
  });
});
