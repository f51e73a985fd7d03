export { useParticipantChange } from './api/manage-opportunity';
export { AnnouncementComposer } from './components/announcement-composer';
export { EditDetailsForm } from './components/lazy-edit-details-form';
export { GoToHostTools, HostFacts, HostPanel } from './components/host-panel';
export { ManageBar } from './components/manage-bar';
