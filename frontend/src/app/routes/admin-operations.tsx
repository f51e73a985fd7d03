import { Operations } from '@/features/operations/components/operations';

/** /admin/operations (admins only, see RequireAdmin): projection lag, dead letters, replays. */
export const AdminOperationsRoute = () => <Operations />;
