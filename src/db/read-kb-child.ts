// Child process of read-kb-process.ts: reads the knowledge base with Prisma and writes it, with the
// fingerprint it was read at, to stdout as one v8-serialized value. The database location comes in
// NETKB_READ_LOCATION (config.ts; not the command line, where a PostgreSQL URL's password would show in the process
// list). Exit 0 on success; otherwise the error's message on stderr and exit 1.
import { serialize } from 'node:v8';
import { childReadLocation } from '../config';
import { readKnowledgeBaseAndFingerprint } from './read-kb';

Promise.resolve()
  .then(() => readKnowledgeBaseAndFingerprint(childReadLocation()))
  .then(
    (read) => process.stdout.write(serialize(read)),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}\n`);
      process.exitCode = 1;
    },
  );
