// What a view of the dashboard is: main.ts chooses one by ?view= and each view module exports one.
import type { Params } from '../url-state';

export interface View {
  id: string;
  title: string;
  /** Renders into `root` from the URL's parameters; `update` writes changed parameters back. */
  render(root: HTMLElement, params: Params, update: (changes: Params) => void): void | Promise<void>;
}
