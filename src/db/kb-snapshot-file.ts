// The knowledge base as one file beside the database: what the command line and the server start from
// without loading Prisma. It is a cache, never the source: the database stays where data gets in, and a
// file that does not prove it is whole and current is ignored (and rebuilt by load-kb.ts).
//
// Layout (all integers big-endian):
//   "NETKBSNP"                 8 bytes   magic
//   format version             uint32    SNAPSHOT_FORMAT; a file of another format is stale
//   fingerprint length         uint32    then the fingerprint (UTF-8): the database's knowledge-base
//                                         version (kb-fingerprint.ts) the data was read at
//   body length                uint32
//   sha256 of the body         32 bytes
//   body                                 v8.serialize(KbModel)
// v8's serializer (the structured-clone format) keeps shared references and cycles: a Change's subjects
// are the very records whose `changes` list it, an ApiVersion's replacement is the record itself. So no
// ids to relink on load, and deserializing is one native call.
//
// Writers write a temporary file in the same folder and rename it over the old one (atomic on POSIX), so
// a reader sees the old file or the new one, never half of one; the checksum catches everything else.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { KbModel } from '../kb/model';

const MAGIC = Buffer.from('NETKBSNP', 'latin1');
/**
 * Bump when KbModel's shape or this layout changes: older files are then rebuilt, not misread.
 * test/db/kb-snapshot.test.ts pins the shape this number stands for and fails when it changes alone.
 */
export const SNAPSHOT_FORMAT = 33;

export type SnapshotRead =
  | {
      ok: true;
      model: KbModel;
      /** The snapshot's v8-serialized bytes (an analysis worker deserializes them on its own thread). */
      serialized: Uint8Array;
    }
  | { ok: false; reason: 'missing' | 'damaged' | 'stale'; detail: string };

export function encodeSnapshot(model: KbModel, fingerprint: string): Buffer {
  const body = serialize(model);
  const fp = Buffer.from(fingerprint, 'utf8');
  const head = Buffer.alloc(MAGIC.length + 12 + fp.length + 32);
  let at = MAGIC.copy(head, 0);
  at = head.writeUInt32BE(SNAPSHOT_FORMAT, at);
  at = head.writeUInt32BE(fp.length, at);
  at += fp.copy(head, at);
  at = head.writeUInt32BE(body.length, at);
  createHash('sha256').update(body).digest().copy(head, at);
  return Buffer.concat([head, body]);
}

/** Decodes a file's bytes, refusing anything not whole, not of this format or not at `fingerprint`. */
export function decodeSnapshot(bytes: Buffer, fingerprint: string): SnapshotRead {
  const damaged = (detail: string): SnapshotRead => ({ ok: false, reason: 'damaged', detail });
  if (bytes.length < MAGIC.length + 12 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    return damaged('not a netkb snapshot');
  let at = MAGIC.length;
  const format = bytes.readUInt32BE(at);
  if (format !== SNAPSHOT_FORMAT)
    return { ok: false, reason: 'stale', detail: `format ${format}, this netkb reads ${SNAPSHOT_FORMAT}` };
  const fpLength = bytes.readUInt32BE((at += 4));
  at += 4;
  if (at + fpLength + 36 > bytes.length) return damaged('truncated header');
  const stored = bytes.toString('utf8', at, (at += fpLength));
  const bodyLength = bytes.readUInt32BE(at);
  const sum = bytes.subarray((at += 4), (at += 32));
  if (bytes.length - at !== bodyLength)
    return damaged(`body of ${bytes.length - at} bytes where the header says ${bodyLength}`);
  if (stored !== fingerprint)
    return { ok: false, reason: 'stale', detail: 'written for another version of the knowledge base' };
  const body = bytes.subarray(at);
  if (!createHash('sha256').update(body).digest().equals(sum)) return damaged('checksum mismatch');
  try {
    // A copy of its own: the file's buffer is larger than the body, and a view would travel whole.
    return { ok: true, model: deserialize(body) as KbModel, serialized: new Uint8Array(body) };
  } catch (err) {
    return damaged(`unreadable body: ${(err as Error).message}`);
  }
}

export function readSnapshotFile(path: string, fingerprint: string): SnapshotRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing', detail: path };
    throw err;
  }
  return decodeSnapshot(bytes, fingerprint);
}

/** Writes the snapshot file whole or not at all (temporary file, fsync, rename). */
export function writeSnapshotFile(path: string, model: KbModel, fingerprint: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'w', 0o644);
    try {
      writeSync(fd, encodeSnapshot(model, fingerprint));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}
