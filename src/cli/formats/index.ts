// The report formats of `netkb check`, each loaded when asked for: a check writes one format, and loading
// all six (with SARIF's and Markdown's report builders) cost every run a few milliseconds.
import type { Formatter } from './types';

const LOADERS: Record<string, () => Formatter> = {
  table: () => (require('./table') as typeof import('./table')).table,
  json: () => (require('./json') as typeof import('./json')).json,
  markdown: () => (require('./markdown') as typeof import('./markdown')).markdown,
  sarif: () => (require('./sarif') as typeof import('./sarif')).sarif,
  junit: () => (require('./junit') as typeof import('./junit')).junit,
  csv: () => (require('./csv') as typeof import('./csv')).csv,
};

/** The format names, in the order the help lists them. */
export const FORMAT_NAMES = Object.keys(LOADERS);

/** The formatter called `name`, or undefined for a name that is not a format. */
export function formatter(name: string): Formatter | undefined {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]() : undefined;
}
