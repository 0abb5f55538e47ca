// The KubeVersion scalar: out, a VersionKey (1020) or string becomes "1.20"; in, a string is passed to
// the services, which parse it and check it names a known release (BAD_USER_INPUT otherwise).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { formatVersion } from '../kb/version';

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export const KubeVersion = new GraphQLScalarType({
  name: 'KubeVersion',
  description: 'A Kubernetes minor release, written "1.20"; inputs also accept "v1.20" and "1.20.3".',
  serialize(value) {
    if (typeof value === 'number') return formatVersion(value);
    if (typeof value === 'string') return value;
    throw new GraphQLError(`KubeVersion cannot represent ${String(value)}`);
  },
  parseValue(value) {
    if (typeof value !== 'string')
      throw badInput(`a KubeVersion is a string such as "1.20", got ${JSON.stringify(value)}`);
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING) return ast.value;
    if (ast.kind === Kind.FLOAT || ast.kind === Kind.INT) {
      throw badInput(`write the release as a string, "${ast.value}": as a number, 1.20 would read as 1.2`);
    }
    throw badInput('a KubeVersion is a string such as "1.20"');
  },
});
