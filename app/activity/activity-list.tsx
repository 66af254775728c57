'use client';

import { useTranslations } from 'next-intl';
import type { ActivityItem } from '@/lib/activity/activity-kinds';
import { activitySentence } from '@/lib/activity/activity-sentence';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';

/**
 * The events, newest first: when, who (name and login id), and what, as a sentence of the
 * reader's language. One list at every width: its items lay out as a table's rows when wide and
 * stack on a phone (activity.css).
 */
export function ActivityList({ items }: { items: readonly ActivityItem[] }) {
  const t = useTranslations('Activity');
  const tEvent = useTranslations('Activity.event');
  const tRoles = useTranslations('Roles');
  const formatDateTime = useFormatDateTime();

  const what = (item: ActivityItem) => {
    const { kind, values, roles } = activitySentence(item);
    const named = Object.fromEntries(
      Object.entries(roles).map(([key, role]) => [key, tRoles(role)]),
    );
    return tEvent(kind, { ...values, ...named });
  };

  return (
    <ol className="activity-list">
      {items.map((item) => (
        // Focusable from script only: "Load more" takes the focus to the first event it added.
        <li
          key={item.id}
          className="activity-item"
          tabIndex={-1}
          data-event={item.id}
          data-testid="activity-event"
        >
          <time className="activity-item__when" dateTime={item.at}>
            {formatDateTime(item.at)}
          </time>
          <span className="activity-item__who">
            {item.actor.displayName
              ? t('whoName', { name: item.actor.displayName, loginId: item.actor.loginId })
              : item.actor.loginId}
          </span>
          <span className="activity-item__what">{what(item)}</span>
        </li>
      ))}
    </ol>
  );
}
