// The executable schema: the SDL built by graphql-js, with netkb's resolvers set on its fields. What
// @graphql-tools' makeExecutableSchema did for us, without its merge and rebuild of the whole schema
// (a visible part of the server's start-up, docs/performance.md). It refuses resolvers for a type
// or field the schema does not have, as makeExecutableSchema did by default.
import {
  buildASTSchema,
  parse,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';

type FieldResolvers = Record<string, unknown>;
type ResolverMap = Record<string, GraphQLScalarType | FieldResolvers | undefined>;

export function executableSchema(typeDefs: string, resolvers: ResolverMap): GraphQLSchema {
  // The SDL ships with the code and is checked where it is written (test/unit/executable-schema against
  // graphql-tools' validating build, and codegen): its validation rules are not run again at every start
  // (they cost start-up time). The schema itself is still validated by graphql-js before the first operation runs.
  const schema = buildASTSchema(parse(typeDefs), { assumeValidSDL: true });
  for (const [typeName, given] of Object.entries(resolvers)) {
    if (!given) continue;
    const type = schema.getType(typeName);
    if (!type) throw new Error(`resolvers name the type ${typeName}, which the schema does not have`);
    if (given instanceof GraphQLScalarType) {
      if (!(type instanceof GraphQLScalarType)) throw new Error(`${typeName} is not a scalar in the schema`);
      // The scalar's code replaces the SDL's declaration; the SDL's description stays when the code has none.
      type.serialize = given.serialize;
      type.parseValue = given.parseValue;
      type.parseLiteral = given.parseLiteral;
      type.description = given.description ?? type.description;
      continue;
    }
    for (const [name, value] of Object.entries(given)) {
      if (name === '__resolveType' && (type instanceof GraphQLInterfaceType || type instanceof GraphQLUnionType)) {
        type.resolveType = value as GraphQLTypeResolver<unknown, unknown>;
        continue;
      }
      if (!(type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType))
        throw new Error(`resolvers give ${typeName}.${name}, but ${typeName} has no fields to resolve`);
      const field = type.getFields()[name];
      if (!field) throw new Error(`resolvers give ${typeName}.${name}, which the schema does not have`);
      if (typeof value !== 'function') throw new Error(`the resolver of ${typeName}.${name} is not a function`);
      field.resolve = value as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}
