import { csv } from './csv';
import { json } from './json';
import { junit } from './junit';
import { markdown } from './markdown';
import { sarif } from './sarif';
import { table } from './table';
import type { Formatter } from './types';

export const FORMATS: Record<string, Formatter> = { table, json, markdown, sarif, junit, csv };
