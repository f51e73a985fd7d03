import { describe, expect, it } from 'vitest';
import type { MailTopic } from '@campus/contracts';
import { mailPreferencesDecider } from './mail-decider';

const USER = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-03-01T12:00:00.000Z');
const off = (...topics: MailTopic[]) => new Set(topics);

describe('mail preferences decider', () => {
  it('turns kinds off and on from the profile, recording the whole set turned off in a fixed order', () => {
    const events = mailPreferencesDecider.decide(
      {
        type: 'UpdateMailPreferences',
        userId: USER,
        changes: { service_hours: false, reminders: false, waitlist: true },
        now: NOW,
      },
      off('waitlist'),
    );
    expect(events).toEqual([
      {
        type: 'MailPreferencesChanged',
        data: {
          v: 1,
          userId: USER,
          off: ['reminders', 'service_hours'],
          via: 'profile',
          at: NOW.toISOString(),
        },
      },
    ]);
  });

  it('turns one kind off through a link, keeping the others as they were', () => {
    const [event] = mailPreferencesDecider.decide(
      { type: 'Unsubscribe', userId: USER, topic: 'friend_requests', now: NOW },
      off('reminders'),
    );
    expect(event?.data).toMatchObject({
      off: ['reminders', 'friend_requests'],
      via: 'unsubscribe_link',
    });
  });

  it('decides nothing when nothing changes: a link used twice, a save of the same choices', () => {
    expect(
      mailPreferencesDecider.decide(
        { type: 'Unsubscribe', userId: USER, topic: 'waitlist', now: NOW },
        off('waitlist'),
      ),
    ).toEqual([]);
    expect(
      mailPreferencesDecider.decide(
        { type: 'UpdateMailPreferences', userId: USER, changes: { waitlist: false }, now: NOW },
        off('waitlist'),
      ),
    ).toEqual([]);
  });

  it('folds to the set the latest event recorded', () => {
    const [event] = mailPreferencesDecider.decide(
      { type: 'Unsubscribe', userId: USER, topic: 'reminders', now: NOW },
      mailPreferencesDecider.initialState(),
    );
    if (!event) throw new Error('no event');
    expect([...mailPreferencesDecider.evolve(off('waitlist', 'service_hours'), event)]).toEqual([
      'reminders',
    ]);
  });
});
