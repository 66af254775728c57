// A RequestSpec as one readable line: how fast-check prints a counterexample.
import type { BodySpec } from './bodies';
import type { CookiePlan } from './cookies';
import type { IdPlan } from './paths';
import type { RequestSpec } from './requests';
import { sessionCookieName } from './wire';

/** A text for a counterexample line: its start and end when it is long (where a cut hides things). */
export const show = (text: string, max = 160) =>
  text.length <= max
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, max - 40))}…(${text.length} chars)…${JSON.stringify(text.slice(-40))}`;

const showBytes = (bytes: Uint8Array) =>
  `bytes[${bytes.byteLength}] ${Buffer.from(bytes.subarray(0, 96)).toString('hex')}${bytes.byteLength > 96 ? '…' : ''}`;

function describeCookie(plan: CookiePlan): string {
  switch (plan.kind) {
    case 'valid':
      return plan.noise.length
        ? `valid session + ${show(JSON.stringify(plan.noise), 80)}`
        : 'valid session';
    case 'random':
      return `${sessionCookieName}=${show(plan.value, 80)}`;
    case 'tampered':
      return `tampered session (at ${plan.at})`;
    case 'foreign-name':
      return `valid session named ${show(plan.name)}`;
    case 'duplicate':
      return `duplicate session cookies (garbage ${show(plan.garbage)}, valid ${plan.validLast ? 'last' : 'first'})`;
    case 'raw-header':
      return `Cookie: ${show(plan.header, 80)}`;
    default:
      return plan.kind;
  }
}

function describeId(plan: IdPlan): string {
  if (plan.kind !== 'given') return plan.kind;
  return `${show(plan.value, 80)}${plan.raw ? ' (raw)' : ''}`;
}

function describeBody(body: BodySpec): string {
  const payload =
    typeof body.payload === 'string' ? show(body.payload, 600) : showBytes(body.payload);
  const length =
    body.contentLength.kind === 'value'
      ? `, Content-Length ${show(body.contentLength.value)}`
      : body.contentLength.kind === 'exact'
        ? ', Content-Length exact'
        : '';
  const breaks = body.breaksAfter === null ? '' : `, breaking off after ${body.breaksAfter}`;
  return `${body.chunks ? `${body.chunks} chunks` : 'whole'}${length}${breaks}: ${payload}`;
}

/** A spec as one line, long texts cut: how fast-check prints a counterexample. */
export function describeSpec(spec: RequestSpec): string {
  const parts = [
    `${spec.method} ${spec.path}${spec.query.length > 160 ? `${spec.query.slice(0, 160)}…(${spec.query.length} chars)` : spec.query}`,
    spec.id ? `id ${describeId(spec.id)}` : null,
    `origin: ${spec.origin.name}${spec.origin.name === 'foreign Origin' ? ` ${show(spec.origin.headers[0]![1])}` : ''}`,
    `content-type: ${spec.contentType === null ? 'none' : show(spec.contentType)}`,
    spec.authorization
      ? `authorization: ${spec.authorization.header === null ? 'none' : show(spec.authorization.header, 60)}`
      : null,
    `cookie: ${describeCookie(spec.cookie)}`,
    spec.headers.length
      ? `headers: ${spec.headers.map(([name, value]) => `${name}: ${show(value, 60)}`).join(', ')}`
      : null,
    spec.body ? `body ${describeBody(spec.body)}` : null,
  ];
  return parts.filter((part) => part !== null).join(' | ');
}
