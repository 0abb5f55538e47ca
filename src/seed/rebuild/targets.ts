// Which seed file a proposed change belongs in: the file of the record it changes, or for a new record the
// folder's file of records added from release notes (linked-from-notes.yaml, seed/README.md's layout lets a
// folder hold any number of files), unless a file already holds records of the same kind of object.
import type { Located } from '../bundle';
import type { Target } from './types';

const NEW_RECORDS_FILE = 'linked-from-notes.yaml';

const GENERATED = 'seed/generated/';

/** A change to the record at `l`; `byLoader` when the loader fills the value from the index. */
export const atRecord = (l: Located<unknown>, byLoader = false): Target => ({
  file: l.file,
  line: l.line,
  byLoader: byLoader || l.file.startsWith(GENERATED),
});

/** The file for a new record of `folder`; `near` is a record of the same object, whose file is preferred. */
export const newRecord = (folder: string, near?: Located<unknown>): Target => ({
  file: near && !near.file.startsWith(GENERATED) ? near.file : `seed/${folder}/${NEW_RECORDS_FILE}`,
  line: null,
  byLoader: false,
});

/** A record the loader generates from the index (api-versions of kinds no curated record covers). */
export const generatedRecord = (file: string): Target => ({ file, line: null, byLoader: true });
