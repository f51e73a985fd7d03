export { AddToCalendarButton } from './components/add-to-calendar-button';
export { CalendarSubscriptionPanel } from './components/calendar-subscription';
