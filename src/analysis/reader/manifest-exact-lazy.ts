// The exact reader, loaded the first time a document needs it: the `yaml` package it stands on is slow to
// load, which `netkb check` of plain manifests (read by the fast reader alone) never pays.
import type * as Exact from './manifest-exact';

let exact: typeof Exact | null = null;

export const readExact: typeof Exact.readExact = (...args) =>
  (exact ??= require('./manifest-exact') as typeof Exact).readExact(...args);
