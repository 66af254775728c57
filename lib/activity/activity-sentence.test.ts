import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { ActivityItem, ActivityKind } from './activity-kinds';
import { activityKinds } from './activity-kinds';
import { activitySentence } from './activity-sentence';

const item = (
  kind: ActivityKind,
  subject: string | null,
  detail: Record<string, unknown> = {},
): ActivityItem => ({
  id: '1',
  at: '2026-03-01T09:00:00.000Z',
  kind,
  actor: { loginId: 'ada', displayName: 'Ada Admin' },
  subject,
  detail,
});

/** The sentence as the screen writes it (app/activity/activity-list.tsx does the same). */
function say(event: ActivityItem, locale: 'en' | 'fr' = 'en') {
  const messages = locale === 'en' ? en : fr;
  const t = createTranslator({ locale, messages, namespace: 'Activity.event' });
  const tRoles = createTranslator({ locale, messages, namespace: 'Roles' });
  const { kind, values, roles } = activitySentence(event);
  const named = Object.fromEntries(Object.entries(roles).map(([key, role]) => [key, tRoles(role)]));
  return t(kind, { ...values, ...named });
}

describe('activitySentence', () => {
  it.each([
    [
      item('staff_role_changed', 'sam', { from: 'clerk', to: 'supervisor' }),
      'changed the role of sam from Clerk to Supervisor',
    ],
    [item('staff_role_changed', 'sam', { to: 'supervisor' }), 'changed the role of sam'],
    [item('staff_role_changed', 'sam', { from: 'clerk', to: 'owner' }), 'changed the role of sam'],
    [item('sign_in_failed', null, { reason: 'unknown' }), 'failed to sign in (unknown login id)'],
    [item('sign_in_failed', null, { reason: 'password' }), 'failed to sign in (wrong password)'],
    [item('sign_in_failed', null, { reason: 'disabled' }), 'failed to sign in (account disabled)'],
    [item('sign_in_failed', null, { reason: 'toString' }), 'failed to sign in'],
    [item('sign_in_failed', null), 'failed to sign in'],
    [item('staff_added', 'sam', { role: 'clerk' }), 'added sam as Clerk'],
    [item('staff_added', 'sam'), 'added sam'],
    [
      item('agreement_decided', 'agr-1', { action: 'reject', lot: 'paris/12' }),
      'rejected the agreement of lot paris/12',
    ],
    // A first approval: the agreement is still pending, the action says what was done.
    [
      item('agreement_decided', 'agr-1', { action: 'approve', status: 'pending' }),
      'approved agreement agr-1',
    ],
    [item('agreement_decided', 'agr-1', { status: 'rejected' }), 'rejected agreement agr-1'],
    [item('agreement_decided', 'agr-1'), 'decided agreement agr-1'],
    [
      item('agreement_reopened', 'agr-1', { action: 'reopen', lot: 'paris/12' }),
      'sent the agreement of lot paris/12 back to pending',
    ],
    [
      item('flag_reviewed', 'f-1', { outcome: 'escalated', lot: 'paris/12' }),
      'escalated a flag on lot paris/12',
    ],
    [item('flag_reviewed', 'f-1', { outcome: 'cleared' }), 'cleared flag f-1'],
    [item('flag_reviewed', 'f-1', { outcome: 'ignored' }), 'reviewed flag f-1'],
    [item('password_changed', null, { temporary: true }), 'replaced their temporary password'],
    [item('password_changed', null, { temporary: false }), 'changed their password'],
    [item('agreements_exported', null, { rows: 1 }), 'exported 1 agreement'],
    [item('agreements_exported', null, { rows: 1200 }), 'exported 1,200 agreements'],
    [item('agreements_exported', null, { rows: -1 }), 'exported agreements'],
    [item('staff_password_reset', 'sam'), 'reset the password of sam'],
  ])('%j says "%s"', (event, sentence) => {
    expect(say(event)).toBe(sentence);
  });

  it('in French too', () => {
    expect(say(item('staff_role_changed', 'sam', { from: 'clerk', to: 'admin' }), 'fr')).toBe(
      'a fait passer le rôle de sam de Clerc à Administrateur',
    );
  });

  it.each(activityKinds)('every kind has a sentence in both languages (%s)', (kind) => {
    for (const locale of ['en', 'fr'] as const) {
      const sentence = say(item(kind, 'sam'), locale);
      expect(sentence).not.toMatch(/Activity\.event|\{/);
      expect(sentence.trim()).not.toBe('');
    }
  });
});
