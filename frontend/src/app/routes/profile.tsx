import { texts } from '@campus/contracts';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { Button } from '@/components/ui/button';
import { LogoutIcon, UserIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/auth/session';

/** /profile/{id} until its screen arrives; the owner can already log out here. */
export const ProfileRoute = () => {
  const { id } = useParams();
  const { session, logout } = useSession();
  const isOwner = session.status === 'signedIn' && session.userId === id;
  return (
    <ComingSoon
      title={texts.pages.profile}
      icon={UserIcon}
      actions={
        isOwner ? (
          <Button variant="ghost" icon={<LogoutIcon />} onClick={() => void logout()}>
            {texts.header.logout}
          </Button>
        ) : null
      }
    />
  );
};
