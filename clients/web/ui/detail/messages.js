// The messages between the detail view (ui/detail.js, in the page and in the extension's
// webview) and its host, whose other end is ui/detail-service.mjs in both fronts. Types only:
// change a message here, then its sender and its handler (the `ToView` handlers are the table in
// detail.js; the `ToHost` ones the table in detail-service/commands.mjs).

/**
 * A picture of the creature (creature/render's fields the view uses).
 * @typedef {{ dataUri: string, alt?: string, width?: number, height?: number }} Picture
 *
 * A Fonster as fonsters/get answers it.
 * @typedef {{ id: string, name: string, displayName: string, seed: string, engine: string, canUndo: boolean,
 *   canRedo: boolean, randomSource?: string | null, birthday?: boolean }} Fonster
 *
 * The engine in use and, with more than one engine, the seed drawn by each (for picking one).
 * @typedef {{ current: string, choices: { engine: string, image: Picture }[] }} Engines
 *
 * creature/environment's answer; the view draws its `scene` (ENGINE.md §8.1, computed by the server).
 * @typedef {{ scene: { sky: number[], showOptionalEffects: boolean, sun: { periodSeconds: number } | null,
 *   clouds: { initial: number, max: number, items: any[] } | null } }} Environment
 *
 * The look-alikes of the kept or the typed seed (null: not known): each other Fonster named once;
 * `drawWith` an engine whose picture of `seed` has fewer look-alikes; `findVariant` when it has any.
 * @typedef {{ text: string, sameAs: { id: string, name: string }[], nearlyAs: { id: string, name: string }[],
 *   sameCount: number, nearlyCount: number, seed: string, drawWith?: string, findVariant: boolean } | null} Lookalikes
 *
 * One evolution frame (creature/frames).
 * @typedef {{ index: number, prefix: string, dataUri: string }} Frame
 */

// View → host: `ready` (the view is drawn; send `init`); `typing` (a keystroke: preview this
// text; `seq` orders the answers); `commitSeed` (Enter or leaving the field: keep the text, one
// undoable edit); `rename`; `undo`, `redo`; `random` (load or prepend text from a source);
// `refresh` (new text from the last source); `frames` (a page of evolution frames), `stopFrames`;
// `useFrame` (1-based: its prefix becomes the seed); `tap`; `export` (a format, or `copy` / `embed`
// where the host offers them; with the size and background chosen); `share`; `saveAsFonster`
// (preview mode); `setEngine`; `draftDirty` (whether a field holds text not kept yet); `drawWith`
// (the look-alike warning's offer: this seed with that engine, one edit); `findVariant` (Find a
// look on this seed).
/**
 * @typedef {{ type: 'ready', state: any }
 *   | { type: 'typing', seed: string, seq: number }
 *   | { type: 'commitSeed', seed: string }
 *   | { type: 'rename', name: string }
 *   | { type: 'undo' } | { type: 'redo' }
 *   | { type: 'random', source: string, mode: 'replace' | 'prepend' }
 *   | { type: 'refresh' }
 *   | { type: 'frames', requestId: number, start: number, count: number, speed: number }
 *   | { type: 'stopFrames' }
 *   | { type: 'useFrame', frame: number }
 *   | { type: 'tap', tap: number, size: number, seed: string }
 *   | { type: 'export', format: string, size?: number, background?: string }
 *   | { type: 'share', seed: string }
 *   | { type: 'saveAsFonster', seed: string }
 *   | { type: 'setEngine', engine: string }
 *   | { type: 'draftDirty', dirty: boolean }
 *   | { type: 'drawWith', engine: string, seed: string }
 *   | { type: 'findVariant', seed: string }} ToHost
 */

// Host → view: `init` (everything to draw, also after a hide/show); `fonster` (the Fonster
// changed: an edit's answer or a change elsewhere); `image` (preview mode: a new kept picture);
// `preview` (the picture of a typed text, and its engine choices, for the newest `seq` only);
// `lookalikes` (what the typed text looks like in the library, for the newest `seq` only);
// `seedError`; `frames`, `framesFailed`; `tap` (creature/tapAnimation's answer, null when it
// failed); `status` (a sentence for the status line); `shareLink`; `embed` (the snippets of an
// `export` as `embed`); `playback` (from outside the
// view: the extension's commands).
/**
 * @typedef {{ type: 'init', mode: 'fonster' | 'preview', fonster?: Fonster, seed?: string, image?: Picture, sources: string[],
 *     engines?: Engines, environment?: Environment, lookalikes?: Lookalikes }
 *   | { type: 'fonster', fonster: Fonster, image?: Picture, engines?: Engines, environment?: Environment, lookalikes?: Lookalikes }
 *   | { type: 'image', seed: string, image: Picture, environment?: Environment }
 *   | { type: 'preview', seq: number, seed: string, image: Picture, environment?: Environment, engines?: Engines }
 *   | { type: 'lookalikes', seq: number, seed: string, lookalikes: Lookalikes }
 *   | { type: 'seedError', seq?: number, message: string }
 *   | { type: 'frames', requestId: number, start: number, total: number, intervalMs: number, frames: Frame[] }
 *   | { type: 'framesFailed', requestId?: number }
 *   | { type: 'tap', animation: any }
 *   | { type: 'status', message: string, error?: boolean }
 *   | { type: 'shareLink', url: string, length: number, tooLong: boolean, warning?: string, copied: boolean }
 *   | { type: 'embed', command: string, html: string }
 *   | { type: 'playback', action: 'play' | 'pause' | 'stop' }} ToView
 */

export {};
