import {
  canUnregister,
  hasStarted,
  OPPORTUNITY_FULL_PROBLEM_TYPE,
  texts,
  timeUntilText,
  type OpportunityDetail,
  type User,
} from '@campus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ClockIcon, StarIcon, TicketIcon } from '@/components/ui/detail-icons';
import { Dialog } from '@/components/ui/dialog';
import { Fact, FactList } from '@/components/ui/fact-list';
import { CalendarIcon } from '@/components/ui/icons';
import { usePopup } from '@/components/ui/popup';
import { Spinner } from '@/components/ui/spinner';
import { AddToCalendarButton } from '@/features/calendar';
import { ApiError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { formatLongDate, formatTimeRange } from '@/lib/format-date';
import { opportunityKeys } from '@/lib/opportunity-keys';
import { useServerClock } from '@/lib/use-server-now';
import { checkOpportunityFull } from '../api/check-opportunity-full';
import { useSignUp, useUnregister } from '../api/sign-up';
import { useWaitlistChange, useWaitlistStatus } from '../api/waitlist';
import { safeHttpUrl } from '../utils/linkify';
import { signupButtonState } from '../utils/signup-button';
import styles from './signup-card.module.css';

const t = texts.opportunities.signup;
const d = texts.opportunities.detail;
const w = texts.waitlist;
const unregisterConfirm = texts.opportunities.unregisterConfirm;
const lateSignupConfirm = texts.opportunities.lateSignupConfirm;

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : texts.api.generic;

/** The signup command's 409 when no slot is left (the server is the authority on 'full'). */
const isFullError = (error: unknown): boolean =>
  error instanceof ApiError && error.problemType === OPPORTUNITY_FULL_PROBLEM_TYPE;

type OpenDialog =
  'externalRegistration' | 'externalUnregistration' | 'unregister' | 'lateSignup' | null;

type SignupCardProps = {
  opportunity: OpportunityDetail;
  /** The signed-in user (undefined while the profile loads: the button waits). */
  user: User | undefined;
  /** By the server's clock. */
  now: Date;
};

/**
 * The side card: date, time range, slots, points, the first-signup bonus, the sign-up
 * button in every state with its dialogs, the 7-hour warning and the time until the start.
 * Unregistering, and signing up inside the 7 hours (which cannot be undone), ask first; what
 * happened is then said in a polite status. Once ended, the card says what became of it instead.
 * While a change runs the button stays focusable (aria-disabled, clicks ignored), so focus comes
 * back to it when a popup or dialog closes.
 */
export const SignupCard = ({ opportunity: o, user, now }: SignupCardProps) => {
  const headingId = useId();
  const hintId = useId();
  const fullId = useId();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const popup = usePopup();
  const queryClient = useQueryClient();
  const signUp = useSignUp(o.id);
  const unregister = useUnregister(o.id);
  const serverNow = useServerClock();
  const [checking, setChecking] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** What the last sign-up or unregistration did, for the polite status. */
  const [outcome, setOutcome] = useState<string | null>(null);

  const isAdmin = user?.admin ?? false;
  const isHostOrAdmin = o.is_host || isAdmin;
  const started = hasStarted(now, o.starts_at);
  // Only a full opportunity has a line worth asking about (ADR 0010).
  const waitlist = useWaitlistStatus(
    o.id,
    user !== undefined && o.slots_left === 0 && !o.is_registered && !started,
  );
  const waitlistChange = useWaitlistChange(o.id);
  const state = signupButtonState({
    now,
    startsAt: o.starts_at,
    totalSlots: o.total_slots,
    registeredCount: o.registered_count,
    isRegistered: o.is_registered,
    redirectUrl: o.redirect_url,
    isHostOrAdmin,
    waitlistPosition: waitlist.data?.position ?? null,
    durationMinutes: o.duration,
    isHost: o.is_host,
    attendanceMarked: o.attendance_marked,
    attended: o.attended,
    // What the ledger credited (the minutes the host submitted), else the scheduled points.
    points: o.earned_points ?? o.points,
  });
  const ended = state.kind === 'ended';
  /** A change in flight: the button shows it but keeps focus (aria-disabled, clicks ignored). */
  const acting = checking || signUp.isPending || unregister.isPending || waitlistChange.isPending;
  /** The caller's place in line is still loading: nothing to click yet. */
  const loadingPlace = state.kind === 'joinWaitlist' && waitlist.isPending;
  const showsFull = state.kind === 'joinWaitlist' || state.kind === 'onWaitlist';
  const describedBy =
    state.kind === 'signedUp'
      ? hintId
      : state.kind === 'joinWaitlist'
        ? `${fullId} ${hintId}`
        : state.kind === 'onWaitlist'
          ? fullId
          : undefined;
  /** Signing up now could not be undone by the student (the 7-hour rule). */
  const lateNow = !canUnregister(now, o.starts_at, isHostOrAdmin);
  const externalUrl = o.redirect_url ? safeHttpUrl(o.redirect_url) : null;

  const showFull = () => {
    popup.show({ variant: 'warning', title: t.fullTitle, message: t.fullMessage });
    void queryClient.invalidateQueries({ queryKey: opportunityKeys.all });
  };
  const showError = (message: string) =>
    popup.show({ variant: 'error', title: t.errorTitle, message });

  const register = async () => {
    if (!user) return;
    setOutcome(null);
    setChecking(true);
    try {
      const { is_full } = await checkOpportunityFull(queryClient, o.id);
      if (is_full) {
        showFull();
        return;
      }
    } catch (error) {
      showError(t.errorSigningUp(messageOf(error)));
      return;
    } finally {
      setChecking(false);
    }
    signUp.mutate(user, {
      onSuccess: () => {
        setOutcome(t.signedUpOutcome);
        // Inside the 7 hours the button is now closed (disabled): focus goes to what happened,
        // and comes back there when the popup closes.
        if (!canUnregister(serverNow(), o.starts_at, isHostOrAdmin)) outcomeRef.current?.focus();
        popup.show({
          variant: 'success',
          title: t.thankYouTitle,
          message: t.thankYouMessage(o.name),
        });
      },
      onError: (error) => {
        if (isFullError(error)) showFull();
        else showError(t.errorSigningUp(messageOf(error)));
      },
    });
  };

  /** The button may have been drawn before the window closed: checked at the click and again. */
  const unregistrationStillOpen = (): boolean => {
    if (canUnregister(serverNow(), o.starts_at, isHostOrAdmin)) return true;
    showError(t.cannotUnregister);
    return false;
  };

  const leave = () => {
    if (!user || !unregistrationStillOpen()) return;
    setOutcome(null);
    unregister.mutate(user, {
      onSuccess: () => setOutcome(t.unregisteredOutcome),
      onError: (error) => showError(t.errorUnregistering(messageOf(error))),
    });
  };

  const onClick = () => {
    if (acting) return;
    switch (state.kind) {
      case 'signUp':
        if (canUnregister(serverNow(), o.starts_at, isHostOrAdmin)) void register();
        else setDialog('lateSignup');
        return;
      case 'signUpExternally':
        setDialog('externalRegistration');
        return;
      case 'signedUp':
        if (!unregistrationStillOpen()) return;
        setDialog(o.redirect_url ? 'externalUnregistration' : 'unregister');
        return;
      case 'joinWaitlist':
        setOutcome(null);
        waitlistChange.mutate('join', {
          onError: (error) =>
            showError(
              error instanceof Error && error.message ? error.message : w.errors.joinFailed,
            ),
        });
        return;
      case 'onWaitlist':
        setOutcome(null);
        waitlistChange.mutate('leave', {
          onError: (error) =>
            showError(
              error instanceof Error && error.message ? error.message : w.errors.leaveFailed,
            ),
        });
        return;
      case 'full':
      case 'unregistrationClosed':
      case 'started':
      case 'ended':
        return;
      default: {
        const unexpected: never = state.kind;
        return unexpected;
      }
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t.signUp}
      </h2>
      <FactList>
        <Fact icon={<CalendarIcon size={18} />} label={d.date}>
          {formatLongDate(o.starts_at)}
        </Fact>
        <Fact icon={<ClockIcon size={18} />} label={d.time}>
          {formatTimeRange(o.starts_at, o.duration)}
        </Fact>
        {ended ? null : (
          <Fact icon={<TicketIcon size={18} />} label={d.slots}>
            {o.slots_left > 0 ? d.slotsRemaining(o.slots_left) : d.noSlotsAvailable}
          </Fact>
        )}
        <Fact icon={<StarIcon size={18} />} label={d.points}>
          {d.pointsValue(o.points)}
        </Fact>
      </FactList>

      {o.registered_count === 0 && !started ? (
        <p className={styles.bonus}>{d.firstSignupBonus}</p>
      ) : null}

      {showsFull ? (
        <p id={fullId} className={styles.fullReason}>
          {t.fullReason}
        </p>
      ) : null}
      {ended ? (
        <p
          className={cx(styles.past, state.past === 'attended' && styles.pastAttended)}
          data-testid="past-status"
        >
          {state.label}
        </p>
      ) : (
        <Button
          fullWidth
          variant={state.kind === 'signedUp' ? 'secondary' : 'primary'}
          className={state.kind === 'signedUp' ? styles.signedUp : undefined}
          disabled={state.disabled || !user}
          loading={loadingPlace}
          aria-disabled={acting || undefined}
          icon={acting ? <Spinner size="small" /> : undefined}
          aria-describedby={describedBy}
          onClick={onClick}
        >
          {state.label}
        </Button>
      )}
      {state.kind === 'signedUp' ? (
        <p id={hintId} className={styles.hint}>
          {t.unregisterHint}
        </p>
      ) : null}
      {state.kind === 'joinWaitlist' ? (
        <p id={hintId} className={styles.hint}>
          {w.joinHint}
        </p>
      ) : null}
      {state.note ? (
        <p className={styles.hint} role="status" data-testid="waitlist-position">
          {state.note}
        </p>
      ) : null}
      {state.warning ? (
        <p className={styles.warning} role="note">
          {state.warning}
        </p>
      ) : null}
      <p
        ref={outcomeRef}
        role="status"
        tabIndex={-1}
        className={outcome ? styles.outcome : 'visually-hidden'}
        data-testid="signup-outcome"
      >
        {outcome}
      </p>

      {started ? null : <AddToCalendarButton id={o.id} name={o.name} />}

      {/* Once ended, the status above says so: no time-until line. */}
      {ended ? null : (
        <p className={styles.timeUntil} data-testid="time-until">
          {started ? timeUntilText(now, o.starts_at) : d.startsIn(timeUntilText(now, o.starts_at))}
        </p>
      )}

      {dialog === 'externalRegistration' ? (
        <Dialog
          title={texts.opportunities.externalRegistration.title}
          description={texts.opportunities.externalRegistration.message}
          onClose={() => setDialog(null)}
        >
          {lateNow ? (
            <p className={styles.warning} role="note">
              {lateSignupConfirm.message(timeUntilText(now, o.starts_at))}
            </p>
          ) : null}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {texts.opportunities.externalRegistration.cancel}
            </Button>
            <Button
              onClick={() => {
                setDialog(null);
                if (externalUrl) window.open(externalUrl, '_blank', 'noopener,noreferrer');
                void register();
              }}
            >
              {texts.opportunities.externalRegistration.confirm}
            </Button>
          </div>
        </Dialog>
      ) : null}
      {dialog === 'externalUnregistration' ? (
        <Dialog
          title={texts.opportunities.externalUnregistration.title}
          description={texts.opportunities.externalUnregistration.message(
            o.nonprofit ?? texts.opportunities.externalUnregistration.theHost,
          )}
          onClose={() => setDialog(null)}
        >
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {texts.opportunities.externalUnregistration.cancel}
            </Button>
            <Button
              onClick={() => {
                setDialog(null);
                leave();
              }}
            >
              {texts.opportunities.externalUnregistration.confirm}
            </Button>
          </div>
        </Dialog>
      ) : null}
      {dialog === 'unregister' ? (
        <ConfirmDialog
          title={unregisterConfirm.title}
          message={unregisterConfirm.message(o.name)}
          confirmLabel={unregisterConfirm.confirm}
          cancelLabel={unregisterConfirm.cancel}
          onConfirm={() => {
            setDialog(null);
            leave();
          }}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'lateSignup' ? (
        <ConfirmDialog
          title={lateSignupConfirm.title}
          message={lateSignupConfirm.message(timeUntilText(now, o.starts_at))}
          confirmLabel={lateSignupConfirm.confirm}
          cancelLabel={lateSignupConfirm.cancel}
          onConfirm={() => {
            setDialog(null);
            void register();
          }}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
};
