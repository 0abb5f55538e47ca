// The executable schema netkb builds itself (src/graphql/executable-schema.ts) against the one
// @graphql-tools' makeExecutableSchema made before: the same schema (printed and introspected), every
// resolver in place, and resolvers for what the schema lacks refused.
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  buildSchema,
  getIntrospectionQuery,
  graphqlSync,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLUnionType,
  printSchema,
} from 'graphql';
import { executableSchema } from '../../src/graphql/executable-schema';
import { buildResolvers } from '../../src/resolvers';
import { KubeVersion } from '../../src/resolvers/kube-version';
import { loadTypeDefs } from '../../src/schema';

describe.each([false, true])('executableSchema (admin %s)', (admin) => {
  const typeDefs = loadTypeDefs({ admin });
  const resolvers = buildResolvers({ admin });
  const ours = executableSchema(typeDefs, resolvers);
  const theirs = makeExecutableSchema({ typeDefs, resolvers: resolvers as never });

  it('is the schema makeExecutableSchema made, printed and introspected', () => {
    // executableSchema skips the SDL's validation rules at start-up: they are run here.
    expect(() => buildSchema(typeDefs)).not.toThrow();
    expect(printSchema(ours)).toBe(printSchema(theirs));
    const query = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true });
    expect(graphqlSync({ schema: ours, source: query })).toEqual(graphqlSync({ schema: theirs, source: query }));
  });

  it('sets every resolver of the map on its field, type resolver or scalar', () => {
    let fields = 0;
    for (const [typeName, given] of Object.entries(resolvers)) {
      const type = ours.getType(typeName);
      if (given instanceof GraphQLScalarType) {
        expect(type).toBeInstanceOf(GraphQLScalarType);
        const scalar = type as GraphQLScalarType;
        expect(scalar.serialize).toBe(KubeVersion.serialize);
        expect(scalar.parseValue).toBe(KubeVersion.parseValue);
        expect(scalar.parseLiteral).toBe(KubeVersion.parseLiteral);
        continue;
      }
      for (const [name, fn] of Object.entries(given as Record<string, unknown>)) {
        if (name === '__resolveType') expect((type as GraphQLUnionType | GraphQLInterfaceType).resolveType).toBe(fn);
        else {
          expect((type as GraphQLObjectType).getFields()[name].resolve).toBe(fn);
          fields++;
        }
      }
    }
    expect(fields).toBeGreaterThan(40);
    expect(
      Object.keys((ours.getQueryType() as GraphQLObjectType).getFields()).every((f) => resolvers.Query![f as never]),
    ).toBe(true);
  });

  it('parses and refuses KubeVersion values with the scalar of the resolvers', () => {
    const ok = graphqlSync({ schema: ours, source: '{ release(version: "1.20") { version } }', contextValue: {} });
    expect(JSON.stringify(ok)).not.toMatch(/KubeVersion cannot|write the release as a string/);
    const res = graphqlSync({ schema: ours, source: '{ release(version: 1.20) { version } }' });
    expect(res.errors?.[0].message).toMatch(/write the release as a string/);
  });
});

describe('executableSchema refuses resolvers the schema has no place for', () => {
  const typeDefs = 'type Query { a: String }\nunion U = Query\nenum E { X }';
  it.each([
    [{ Nope: { a: () => 1 } }, /the type Nope, which the schema does not have/],
    [{ Query: { b: () => 1 } }, /Query\.b, which the schema does not have/],
    [{ Query: { a: 'x' } }, /the resolver of Query\.a is not a function/],
    [{ E: { X: () => 1 } }, /E\.X, but E has no fields to resolve/],
    [{ Query: KubeVersion }, /Query is not a scalar/],
  ])('%p', (resolvers, message) => {
    expect(() => executableSchema(typeDefs, resolvers as never)).toThrow(message);
  });
  it('takes a type resolver for a union and a field resolver for a field', () => {
    const resolveType = () => 'Query';
    const a = () => 'hello';
    const schema = executableSchema(typeDefs, { U: { __resolveType: resolveType }, Query: { a } });
    expect((schema.getType('U') as GraphQLUnionType).resolveType).toBe(resolveType);
    expect(graphqlSync({ schema, source: '{ a }' }).data).toEqual({ a: 'hello' });
  });
});
