import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = '<link rel="modulepreload"';

/** A page's HTML as React writes it, with the hydration scripts' preloads marked
 * fetchpriority="low": on a slow phone network the text and the hero image come first, and the
 * scripts (which never block the first paint) follow. React Router's <Scripts> has no option for
 * it, so the tags are amended on their way out. `onEnd` runs when the page is complete. */
export function lowPriorityModulePreloads(onEnd: () => void = () => {}): Transform {
  const decoder = new StringDecoder("utf8");
  const amend = (text: string) => text.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
  // A tag (or a character) can be cut between two chunks: a tail that could begin one waits.
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const last = text.lastIndexOf(MODULE_PRELOAD);
      let cut = Math.max(0, text.length - (MODULE_PRELOAD.length - 1));
      if (last !== -1) cut = Math.max(cut, last + MODULE_PRELOAD.length);
      // Never between the two halves of a surrogate pair (an emoji): each half alone is not UTF-8.
      if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut--;
      pending = text.slice(cut);
      callback(null, amend(text.slice(0, cut)));
    },
    flush(callback) {
      onEnd();
      callback(null, amend(pending + decoder.end()));
    },
  });
}
