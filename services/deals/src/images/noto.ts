/**
 * The Noto emoji set (Google, Apache License 2.0) from the npm package @iconify-json/noto: one
 * JSON document of every emoji as SVG. It is 25 MB (50 MB parsed), so it is not read at start-up
 * but when a picture needs an emoji not kept yet; the emoji asked for are kept, and the parsed set
 * is let go SET_KEPT_MS after its last use (a page's burst of pictures parses it once).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface Emoji {
  /** The SVG inside the emoji's viewBox, its ids made unique to the emoji. */
  body: string;
  width: number;
  height: number;
}

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

/** How long the parsed set is kept after it was last needed. */
const SET_KEPT_MS = 30_000;

let loading: Promise<IconSet> | null = null;
let letGo: ReturnType<typeof setTimeout> | null = null;
const kept = new Map<string, Emoji | null>();

async function loadSet(): Promise<IconSet> {
  const file = fileURLToPath(import.meta.resolve('@iconify-json/noto/icons.json'));
  return JSON.parse(await readFile(file, 'utf8')) as IconSet;
}

/** Gives each id inside an emoji a prefix of its own, so two emoji in one picture never share one. */
function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/**
 * The emoji of these names (null for a name the set does not have). The whole set is parsed
 * only while some asked-for name has not been seen yet, so after the first pictures it is never
 * read again.
 */
export async function loadEmoji(names: readonly string[]): Promise<Map<string, Emoji | null>> {
  const missing = names.filter((n) => !kept.has(n));
  if (missing.length) {
    loading ??= loadSet();
    if (letGo) clearTimeout(letGo);
    letGo = setTimeout(() => {
      loading = null;
      letGo = null;
    }, SET_KEPT_MS);
    letGo.unref();
    let set: IconSet;
    try {
      set = await loading;
    } catch (error) {
      loading = null; // a failed read is tried again by the next picture
      throw error;
    }
    for (const name of missing) {
      const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
      kept.set(name, icon ? { body: scopeIds(icon.body, `${name.replace(/[^a-z0-9]/g, '')}-`), width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 } : null);
    }
  }
  return new Map(names.map((n) => [n, kept.get(n) ?? null]));
}

/** Every name of the set (tests: each subject the seed names exists). */
export async function emojiNames(): Promise<Set<string>> {
  const set = await loadSet();
  return new Set([...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})]);
}
