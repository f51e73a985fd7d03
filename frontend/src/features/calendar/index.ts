export { AddToCalendarButton } from './components/add-to-calendar-button';
