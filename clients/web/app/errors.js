// Error messages a person can act on: the server's sentence, plus what to do
// for the errors where the next step is not obvious from it.

import { DISCONNECTED } from '../ui/api.js';

const NEXT_STEP = {
  [DISCONNECTED]: '',
  1004: 'Check that the library file\'s folder exists and the disk has room, then try again.',
  1005: 'The library is read-only: edits are not saved. Start the server with a library file you can write.',
  1011: 'The library file is damaged and was left untouched. Start the server with another --store file.',
  1012: 'The library file was written by a newer fonsters-rpc. Update the server to open it.',
  1014: 'The library file was removed or replaced. Restart the server to reopen it.',
  '-32603': 'Something went wrong inside the server. Try again; if it repeats, restart it.',
};

/** The message to show (and announce) for an error. */
export function explain(error) {
  if (!error) return 'Something went wrong. Try again.';
  const message = String(error.message || error).trim();
  const hint = NEXT_STEP[error.code];
  return hint ? `${message} ${hint}` : message;
}
