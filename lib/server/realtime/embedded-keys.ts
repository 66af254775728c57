/** The keys of the embedded relay (relay/). Not secrets: the relay only runs on a developer's machine. */
export const embeddedKeys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' } as const;
