// The exact reader, loaded the first time a document needs it: the `yaml` package it stands on takes
// about 60 ms to load, which `netkb check` of plain manifests (read by the fast reader alone) never pays.
import type * as Exact from './manifest-exact';

export const readExact: typeof Exact.readExact = (...args) =>
  (require('./manifest-exact') as typeof Exact).readExact(...args);
