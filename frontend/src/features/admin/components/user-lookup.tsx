import { adminTexts } from '@campus/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useUserSearch } from '../api/search-users';
import { styles } from './admin-styles';

const t = adminTexts.userLookup;

/** Finds a student by name and links to their point history (the admin audit). */
export const UserLookup = () => {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const users = useUserSearch(query);

  return (
    <section className={styles.section} aria-labelledby="admin-lookup-title">
      <h2 id="admin-lookup-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      <form
        role="search"
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <TextField
          label={t.label}
          placeholder={t.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={users.isFetching}>
          {t.search}
        </Button>
      </form>
      {users.isError ? <Alert>{t.failed}</Alert> : null}
      {users.data?.length === 0 ? <p className={styles.muted}>{t.none}</p> : null}
      {users.data?.length ? (
        <ul className={styles.lookupResults}>
          {users.data.slice(0, 20).map((user) => (
            <li key={user.id}>
              <Link to={paths.adminUserHistory.getHref(user.id)}>{t.viewHistory(user.name)}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};
