// @ts-check
// Generated from the server's typed method declarations by scripts/regen.sh
// (fonsters-rpc describe-protocol commands.generated.js); `scripts/regen.sh --check` fails
// when it is stale. Do not edit.
'use strict';

/** The commands of workspace/executeCommand (the code actions run them), by their names in the server. */
const COMMAND = Object.freeze({
  add: "fonsters.addToLibrary",
  addAll: "fonsters.addAllToLibrary",
});

/** Every command's id, in the server's order. */
const COMMANDS = Object.freeze(Object.values(COMMAND));

module.exports = { COMMAND, COMMANDS };
