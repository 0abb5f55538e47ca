// Child process of read-kb-process.ts: reads the knowledge base with Prisma and writes it to stdout as
// one v8-serialized value. The database location comes in NETKB_READ_LOCATION (not the command line,
// where a PostgreSQL URL's password would show in the process list). Exit 0 on success; otherwise the
// error's message on stderr and exit 1.
import { serialize } from 'node:v8';
import { readKnowledgeBase } from './read-kb';

const location = process.env.NETKB_READ_LOCATION ?? '';
readKnowledgeBase(location).then(
  (snapshot) => process.stdout.write(serialize(snapshot)),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}\n`);
    process.exitCode = 1;
  },
);
