// Domain errors: services refuse with a NetkbError, which knows nothing of GraphQL; the GraphQL layer
// turns it into the GraphQL error clients have always seen, the command line into an exit code.
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { badUserInput, clientError, ErrorCode, NetkbError } from '../../src/errors';
import { convertingDomainErrors, toGraphQLError } from '../../src/graphql/domain-errors';
import { exitCodeFor } from '../../src/cli/errors';
import { UsageError } from '../../src/cli/files';

const info = {} as GraphQLResolveInfo;

describe('NetkbError', () => {
  it('keeps the code, the argument at fault and the other facts apart', () => {
    const err = badUserInput('from: release 1.99 is not in the knowledge base', {
      argument: 'from',
      knownReleases: ['1.20'],
    });
    expect(err).toBeInstanceOf(NetkbError);
    expect(err).not.toBeInstanceOf(GraphQLError);
    expect(err).toMatchObject({
      name: 'NetkbError',
      code: 'BAD_USER_INPUT',
      argument: 'from',
      details: { knownReleases: ['1.20'] },
    });
    expect(err.facts()).toEqual({ argument: 'from', knownReleases: ['1.20'] });
  });

  it('crosses a structured clone (the analysis worker) as code, message and facts', () => {
    const err = clientError(ErrorCode.PAYLOAD_TOO_LARGE, 'manifest: too large', {
      argument: 'manifest',
      limitBytes: 10,
    });
    const copy = structuredClone({ code: err.code, message: err.message, facts: err.facts() });
    expect(new NetkbError(copy.code, copy.message, copy.facts)).toEqual(err);
  });
});

describe('the GraphQL layer', () => {
  it('answers with the message and extensions { argument, ...details, code }, in that order', () => {
    const err = clientError(ErrorCode.PAYLOAD_TOO_LARGE, 'manifest: too large', {
      argument: 'manifest',
      limitBytes: 10,
    });
    const converted = toGraphQLError(err);
    expect(converted).toBeInstanceOf(GraphQLError);
    expect(converted.message).toBe('manifest: too large');
    expect(converted.originalError).toBe(err);
    expect(JSON.stringify(converted.extensions)).toBe(
      '{"argument":"manifest","limitBytes":10,"code":"PAYLOAD_TOO_LARGE"}',
    );
    expect(
      JSON.stringify(toGraphQLError(clientError(ErrorCode.FORBIDDEN, 'no'))).includes(
        '"extensions":{"code":"FORBIDDEN"}',
      ),
    ).toBe(true);
  });

  it('gives TIMEOUT its HTTP status, shaped { code, http, ...details } as before', () => {
    const converted = toGraphQLError(new NetkbError(ErrorCode.TIMEOUT, 'too slow', { timeoutMs: 150 }));
    expect(JSON.stringify(converted.extensions)).toBe('{"code":"TIMEOUT","http":{"status":503},"timeoutMs":150}');
  });

  it('converts what a resolver throws or rejects with, and passes anything else through', async () => {
    const refusal = badUserInput('first must be from 1 to 100, got 0', { argument: 'first' });
    const other = new Error('bug');
    expect(() =>
      convertingDomainErrors(() => {
        throw refusal;
      })(null, {}, null, info),
    ).toThrow(GraphQLError);
    expect(() =>
      convertingDomainErrors(() => {
        throw other;
      })(null, {}, null, info),
    ).toThrow(other);
    await expect(
      convertingDomainErrors(async () => {
        throw refusal;
      })(null, {}, null, info),
    ).rejects.toMatchObject({ extensions: { argument: 'first', code: 'BAD_USER_INPUT' } });
    await expect(
      convertingDomainErrors(async () => {
        throw other;
      })(null, {}, null, info),
    ).rejects.toBe(other);
    expect(convertingDomainErrors(() => 42)(null, {}, null, info)).toBe(42);
  });
});

describe('the command line', () => {
  it('answers a refusal or a usage error with exit code 2, and leaves anything else a crash', () => {
    expect(exitCodeFor(badUserInput('bad'))).toBe(2);
    expect(exitCodeFor(clientError(ErrorCode.MANIFEST_TOO_COMPLEX, 'deep'))).toBe(2);
    expect(exitCodeFor(new UsageError('usage'))).toBe(2);
    expect(exitCodeFor(new Error('bug'))).toBeNull();
    expect(exitCodeFor(new GraphQLError('not a domain error'))).toBeNull();
  });
});
