// Error messages a person can act on: the shared readable sentence (the server's own, or the
// client's for protocol failures), plus what to do for the errors where the next step is not
// obvious from it.

import { ERROR_CODES, readableMessage } from '../ui/rpc.mjs';

const NEXT_STEP = {
  [ERROR_CODES.storeUnavailable]: 'Check that the library file\'s folder exists and the disk has room, then try again.',
  [ERROR_CODES.storeReadOnly]: 'The library is read-only: edits are not saved. Start the server with a library file you can write.',
  [ERROR_CODES.storeCorrupt]: 'The library file is damaged and was left untouched. Start the server with another --store file.',
  [ERROR_CODES.storeTooNew]: 'The library file was written by a newer fonsters-rpc. Update the server to open it.',
  [ERROR_CODES.storeReplaced]: 'The library file was removed or replaced. Restart the server to reopen it.',
  [ERROR_CODES.internalError]: 'Something went wrong inside the server. Try again; if it repeats, restart it.',
};

/** The message to show (and announce) for an error. */
export function explain(error) {
  if (!error) return 'Something went wrong. Try again.';
  const message = readableMessage(error).trim();
  const hint = NEXT_STEP[error.code];
  return hint ? `${message} ${hint}` : message;
}
