// Generated from the server's typed method declarations by scripts/regen.sh
// (fonsters-rpc describe-protocol protocol.mjs); `scripts/regen.sh --check` fails when it is
// stale. Do not edit. Every call of the web page and of the extension's detail view goes
// through `checkCall`, so a renamed or misspelt param fails a test, not a user.

/** Each method's params and the ones it requires. */
export const METHODS = Object.freeze({
  "initialize": { params: ["clientInfo","processId","locale","rootPath","rootUri","initializationOptions","capabilities","trace","workspaceFolders","workDoneToken"], required: [] },
  "shutdown": { params: [], required: [] },
  "fonsters/list": { params: ["start","count","thumbnails"], required: [] },
  "fonsters/get": { params: ["id","lookalikes"], required: ["id"] },
  "fonsters/create": { params: ["id","name","seed","engine"], required: [] },
  "fonsters/update": { params: ["id","name","seed","engine"], required: ["id"] },
  "fonsters/delete": { params: ["id"], required: ["id"] },
  "fonsters/duplicate": { params: ["id"], required: ["id"] },
  "fonsters/move": { params: ["id","index"], required: ["id","index"] },
  "fonsters/undo": { params: ["id"], required: ["id"] },
  "fonsters/redo": { params: ["id"], required: ["id"] },
  "fonsters/random": { params: ["id","source","mode"], required: ["id","source"] },
  "fonsters/refresh": { params: ["id"], required: ["id"] },
  "fonsters/useFrame": { params: ["id","frame"], required: ["id","frame"] },
  "creature/render": { params: ["seed","id","format","size","metadata","background","engine"], required: [] },
  "creature/describe": { params: ["seed","id","tap","engine"], required: [] },
  "creature/frames": { params: ["seed","id","format","size","start","count","speed","background","workDoneToken","engine"], required: [] },
  "creature/animate": { params: ["seed","id","size","speed","background","workDoneToken","engine"], required: [] },
  "creature/tapAnimation": { params: ["seed","id","tap","viewSize","samples","engine"], required: [] },
  "creature/environment": { params: ["seed","id","engine"], required: [] },
  "clock/creature": { params: ["format","size","background","engine"], required: [] },
  "share/build": { params: ["ids","seeds"], required: [] },
  "share/preview": { params: ["url","engines"], required: ["url"] },
  "share/import": { params: ["url","select","workDoneToken","engine"], required: ["url"] },
  "library/export": { params: ["ids","start","count"], required: [] },
  "library/import": { params: ["bundle","select","workDoneToken","engine"], required: ["bundle"] },
  "creature/search": { params: ["base","want","variants","engine","limit","unlike","maxCandidates","timeoutMs","workDoneToken"], required: ["base","want"] },
  "fonsters/lookalikes": { params: ["near","workDoneToken"], required: [] },
  "fonsters/lookalikesOf": { params: ["seed","engine","except"], required: ["seed"] },
  "fonsters/distinctVariants": { params: ["seed","engine","count","except"], required: ["seed"] },
  "fonsters/restore": { params: ["id"], required: ["id"] },
  "fonsters/trash": { params: ["start","count"], required: [] },
  "fonsters/purge": { params: ["ids"], required: [] },
  "library/settings": { params: ["defaultEngine"], required: [] },
  "textDocument/hover": { params: ["textDocument","position"], required: ["textDocument","position"] },
  "textDocument/inlayHint": { params: ["textDocument","range"], required: ["textDocument","range"] },
  "textDocument/codeAction": { params: ["textDocument","range","context","partialResultToken"], required: ["textDocument","range"] },
  "textDocument/documentSymbol": { params: ["textDocument","partialResultToken"], required: ["textDocument"] },
  "textDocument/completion": { params: ["textDocument","position","context","partialResultToken"], required: ["textDocument","position"] },
  "textDocument/diagnostic": { params: ["textDocument","identifier","previousResultId","workDoneToken","partialResultToken"], required: ["textDocument"] },
  "workspace/executeCommand": { params: ["command","arguments"], required: ["command"] },
});

/**
 * Throws when `method` is not one the server declares, when `params` holds a key it does
 * not declare, or lacks one it requires.
 * @param {string} method @param {any} [params]
 */
export function checkCall(method, params) {
  const m = METHODS[method];
  if (!m) throw new Error(`${method} is not a method of fonsters-rpc`);
  const keys = Object.keys(params || {});
  for (const key of keys) {
    if (key !== 'workDoneToken' && !m.params.includes(key)) throw new Error(`${method} takes no param '${key}' (it takes ${m.params.join(', ') || 'none'})`);
  }
  for (const key of m.required) if (!keys.includes(key)) throw new Error(`${method} needs '${key}'`);
}

/** Every method's name, in the server's order. */
export const METHOD_NAMES = Object.freeze(["initialize","shutdown","fonsters/list","fonsters/get","fonsters/create","fonsters/update","fonsters/delete","fonsters/duplicate","fonsters/move","fonsters/undo","fonsters/redo","fonsters/random","fonsters/refresh","fonsters/useFrame","creature/render","creature/describe","creature/frames","creature/animate","creature/tapAnimation","creature/environment","clock/creature","share/build","share/preview","share/import","library/export","library/import","creature/search","fonsters/lookalikes","fonsters/lookalikesOf","fonsters/distinctVariants","fonsters/restore","fonsters/trash","fonsters/purge","library/settings","textDocument/hover","textDocument/inlayHint","textDocument/codeAction","textDocument/documentSymbol","textDocument/completion","textDocument/diagnostic","workspace/executeCommand"]);

/** The error codes the server answers with, by the names of the Swift `ErrorCode` statics. */
export const ERROR_CODES = Object.freeze({
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  responseTooLarge: -32001,
  requestCancelled: -32800,
  notFound: 1001,
  seedTooLong: 1002,
  badShareLink: 1003,
  storeUnavailable: 1004,
  storeReadOnly: 1005,
  nothingToUndo: 1006,
  nothingToRedo: 1007,
  frameOutOfRange: 1008,
  tooMany: 1009,
  invalidBundle: 1010,
  storeCorrupt: 1011,
  storeTooNew: 1012,
  noRandomSource: 1013,
  storeReplaced: 1014,
  noMemoryRoom: 1015,
});
