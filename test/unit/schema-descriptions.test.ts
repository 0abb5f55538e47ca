// Every argument of the GraphQL API says what it takes, in the schema the explorer and typed clients read
// (src/schema/*.graphql), not only in the field's text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { projectRoot } from '../../src/config';

const dir = join(projectRoot(), 'src', 'schema');
const sdl = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .map((f) => readFileSync(join(dir, f), 'utf8'))
  .join('\n');
const schema = buildSchema(sdl, { assumeValidSDL: true });
const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));

it('describes every argument of every field', () => {
  const args = types.flatMap((t) =>
    isObjectType(t) || isInterfaceType(t)
      ? Object.values(t.getFields()).flatMap((f) => f.args.map((a) => ({ at: `${t.name}.${f.name}(${a.name})`, a })))
      : [],
  );
  expect(args.length).toBeGreaterThan(60);
  expect(args.filter(({ a }) => !a.description?.trim()).map(({ at }) => at)).toEqual([]);
});

it('describes every field of every input object', () => {
  const fields = types.flatMap((t) =>
    isInputObjectType(t) ? Object.values(t.getFields()).map((f) => ({ at: `${t.name}.${f.name}`, f })) : [],
  );
  expect(fields.filter(({ f }) => !f.description?.trim()).map(({ at }) => at)).toEqual([]);
});
