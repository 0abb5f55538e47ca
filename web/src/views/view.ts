// What a view of the dashboard is: main.ts chooses one by ?view= and each view module exports one.
import type { HistoryMode, Params } from '../url-state';

export interface View {
  id: string;
  title: string;
  /** The parameters a switch to another view that has them keeps (the releases chosen). */
  carries?: string[];
  /**
   * Renders into `root` from the URL's parameters; `update` writes changed parameters back, as a new history
   * entry unless told 'replace' (HistoryMode).
   */
  render(
    root: HTMLElement,
    params: Params,
    update: (changes: Params, mode?: HistoryMode) => void,
  ): void | Promise<void>;
}
