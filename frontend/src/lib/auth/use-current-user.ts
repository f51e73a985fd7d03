import { useUserByEmail } from './api/get-user-by-email';
import { useSession } from './session';

/** The signed-in, registered user's profile (loaded by sign-in, kept in the query cache). */
export const useCurrentUser = () => {
  const { session } = useSession();
  return useUserByEmail(session.status === 'signedIn' ? session.email : null);
};

export const firstNameOf = (user: { first_name: string; name: string }): string =>
  user.first_name || user.name.split(' ')[0] || user.name;
