/**
 * The module's one error type. A failure is named by a lang key and its data, so each reader
 * reads it in his own language (a player refused by the GM's page, say); or, from the
 * companion, by the companion's own words with the HTTP status and answer it came with.
 */
export class BallcourtError extends Error {
  constructor(message, { key = null, data = null, status = null, body = null } = {}) {
    super(message);
    Object.assign(this, { key, data, status, body });
  }

  /** A failure named by a lang key (its message is the key until it is said in a language). */
  static keyed(key, data = null) {
    return new BallcourtError(key, { key, data });
  }
}
