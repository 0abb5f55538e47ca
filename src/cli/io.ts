// What every verb of the CLI reads and writes through: the streams, files and the knowledge base, so tests
// can run a verb in process with their own.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Searcher } from '../services/search';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin(): string;
  /** Writes the pieces one after another to the file (created or emptied first). */
  writeFile(path: string, pieces: Iterable<string>): void;
  loadKb(): Promise<KnowledgeBase>;
  /** The database file the knowledge base is read from (and imports are written to). */
  dbFile(): string;
  /** The full-text index of that file (after loadKb, which builds the file when missing). */
  loadSearcher(): Searcher & { close(): void };
  /** Whether standard error is a terminal (progress is shown only then). */
  stderrIsTTY(): boolean;
}
