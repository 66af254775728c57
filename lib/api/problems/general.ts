// The error envelope's codes every route may answer (docs/product-contract.md §5.1), with their
// status. One table for the server's answers, the browser's client and the tests' oracle.
export const generalProblems = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  /** The service cannot answer for a moment (its database is down): worth trying again. */
  unavailable: 503,
} as const;
