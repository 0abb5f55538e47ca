// Reads the knowledge base in a short-lived child process and receives it as one v8-serialized value.
// Measured (docs/performance.md): reading through Prisma grows the reading process a lot (its WASM query engine and
// the driver's buffers), which it never gives back; the server keeps only the knowledge base it needs.
// Start-up pays one Node process start, and only when the snapshot file is missing or stale
// (load-kb.ts). From sources (tests, tsx) there is no compiled child: it reads in process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import { READ_LOCATION_VARIABLE } from '../config';
import type { KbModel } from '../kb/model';
import { displayLocation } from './location';

export async function readKnowledgeBaseInChild(
  location: string,
  child = join(__dirname, 'read-kb-child.js'),
): Promise<KbModel> {
  return (await readKnowledgeBaseAndFingerprintInChild(location, child)).model;
}

/** The knowledge base and the fingerprint it was read at (read-kb.ts), read in a child process. */
export async function readKnowledgeBaseAndFingerprintInChild(
  location: string,
  child = join(__dirname, 'read-kb-child.js'),
): Promise<{ model: KbModel; fingerprint: string }> {
  // Prisma is loaded only to read in this process: the parent of a child read never loads it.
  if (!existsSync(child)) return (await import('./read-kb')).readKnowledgeBaseAndFingerprint(location);
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [READ_LOCATION_VARIABLE]: location },
    });
    const out: Buffer[] = [];
    let err = '';
    proc.stdout.on('data', (b: Buffer) => out.push(b));
    proc.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    proc.once('error', reject);
    proc.once('close', (code) => {
      if (code !== 0)
        return reject(
          new Error(
            `reading the knowledge base from ${displayLocation(location)} failed: ${err.trim() || `exit code ${code}`}`,
          ),
        );
      try {
        resolve(deserialize(Buffer.concat(out)) as { model: KbModel; fingerprint: string });
      } catch (e) {
        reject(e as Error);
      }
    });
  });
}
