import { CAUSES, texts, type Cause, type UserProfile } from '@campus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Pill } from '@/components/ui/pill';
import { cx } from '@/lib/cx';
import { profileQueryOptions } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.passions;

type PassionsSectionProps = {
  userId: string;
  interests: readonly string[];
  /** The owner toggles passions; everyone else sees the chosen ones. */
  editable: boolean;
};

/** The causes a user cares about: toggles for the owner, labels for others. */
export const PassionsSection = ({ userId, interests, editable }: PassionsSectionProps) => {
  const queryClient = useQueryClient();
  const update = useUpdateProfile(userId);
  const [error, setError] = useState<string | null>(null);
  const profileKey = profileQueryOptions(userId).queryKey;

  const setChosen = (cause: Cause, chosen: boolean) =>
    queryClient.setQueryData<UserProfile>(profileKey, (profile) =>
      profile
        ? {
            ...profile,
            interests: chosen
              ? [...profile.interests.filter((c) => c !== cause), cause]
              : profile.interests.filter((c) => c !== cause),
          }
        : profile,
    );

  const toggle = (cause: Cause) => {
    const chosen = !interests.includes(cause);
    setError(null);
    // Shown at once; only this toggle is taken back if the save fails.
    setChosen(cause, chosen);
    const shown = queryClient.getQueryData<UserProfile>(profileKey)?.interests ?? [];
    const next = CAUSES.filter((c) => shown.includes(c));
    update.mutate(
      { interests: next },
      {
        onError: (failure) => {
          setChosen(cause, !chosen);
          setError(t.updateFailed(failure.message));
        },
      },
    );
  };

  if (!editable) {
    return (
      <ProfileSection title={t.title}>
        {interests.length > 0 ? (
          <ul className={styles.chips}>
            {interests.map((cause) => (
              <li key={cause}>
                <Pill tone="primary">{cause}</Pill>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t.empty}</p>
        )}
      </ProfileSection>
    );
  }

  return (
    <ProfileSection title={t.title}>
      <p className={styles.muted}>{t.hint}</p>
      <div className={styles.chips} role="group" aria-label={t.title}>
        {CAUSES.map((cause) => {
          const on = interests.includes(cause);
          return (
            <button
              key={cause}
              type="button"
              aria-pressed={on}
              className={cx(styles.toggle, on && styles.toggleOn)}
              onClick={() => toggle(cause)}
            >
              {cause}
            </button>
          );
        })}
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </ProfileSection>
  );
};
