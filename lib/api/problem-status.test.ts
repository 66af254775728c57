/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { problemStatus } from './problem-status';

// The contract's table is the oracle: the code's one table of codes must say what it says.
function contractTable(): Record<string, number> {
  const contract = readFileSync(path.join(__dirname, '../../docs/product-contract.md'), 'utf8');
  const section = contract.slice(
    contract.indexOf('### 5.1 Conventions and the error envelope'),
    contract.indexOf('### 5.2 Calls'),
  );
  const rows = section.matchAll(/^\| `([a-z_]+)`\s*\| (\d{3})\s*\|/gm);
  return Object.fromEntries([...rows].map(([, code, status]) => [code!, Number(status)]));
}

it("holds every code of the contract's §5.1 table, each with its status, and no other", () => {
  const table = contractTable();
  expect(Object.keys(table).length).toBeGreaterThan(10);
  expect({ ...problemStatus }).toEqual(table);
});

it('gives every code a status of a refusal or a failure', () => {
  for (const status of Object.values(problemStatus)) {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  }
});
