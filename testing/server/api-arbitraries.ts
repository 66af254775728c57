// Hostile requests for the API route handlers, shared by the property tests
// (`app/api/**/*.property.test.ts`); the checks every answer must pass whatever was sent; and the
// digest of the tables a refused request must leave as they were.
//
// A request is generated as a `RequestSpec`: plain data (what a client puts on the wire) plus
// plans for what only exists at run time (a session cookie, the id of a fresh agreement). The test
// resolves the plans against its database and builds the NextRequest with `buildRequest`. Each spec
// prints as one readable line, long texts cut, so that a shrunk counterexample can be read.
//
//
// One module per concern, in api-arbitraries/; the property tests import them all from here.
export * from './api-arbitraries/wire';
export * from './api-arbitraries/text';
export * from './api-arbitraries/hand-json';
export * from './api-arbitraries/bodies';
export * from './api-arbitraries/headers';
export * from './api-arbitraries/origins';
export * from './api-arbitraries/cookies';
export * from './api-arbitraries/paths';
export * from './api-arbitraries/spec-text';
export * from './api-arbitraries/requests';
export * from './api-arbitraries/build-request';
export * from './api-arbitraries/sessions';
export * from './api-arbitraries/answers';
export * from './api-arbitraries/table-snapshot';
export * from './api-arbitraries/coverage';
