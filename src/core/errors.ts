// The one error type for bad input found at the edges (deck strings, rule options, counts).

/** Input a user gave that cannot be used; its message is one line fit for stderr. */
export class InputError extends Error {
  override name = 'InputError';
}
