import { agreementProblems } from './problems/agreements';
import { authProblems } from './problems/auth';
import { generalProblems } from './problems/general';
import { staffProblems } from './problems/staff';

/**
 * Every code of the API's error envelope and the status it goes with, gathered from one module
 * per resource (lib/api/problems/). The server answers with them (lib/server/http/api-problem.ts),
 * the browser's client knows them (api-error.ts), and the tests check answers against them; the
 * table in docs/product-contract.md §5.1 is held equal to this one by problem-status.test.ts.
 */
export const problemStatus = {
  ...generalProblems,
  ...authProblems,
  ...agreementProblems,
  ...staffProblems,
} as const;
export type ProblemCode = keyof typeof problemStatus;

export const problemCodes = Object.keys(problemStatus) as ProblemCode[];
