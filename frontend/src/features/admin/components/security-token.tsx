import { adminTexts } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ClipboardIcon } from '@/components/ui/icons';
import { currentIdToken } from '@/lib/auth/firebase';
import { styles } from './admin-styles';

const t = adminTexts.token;

class NoUserError extends Error {}

const getToken = async (): Promise<string> => {
  const token = await currentIdToken();
  if (!token) throw new NoUserError(t.noUser);
  return token;
};

const errorText = (error: unknown): string =>
  error instanceof NoUserError
    ? t.noUser
    : t.failed(error instanceof Error ? error.message : String(error));

/** The signed-in admin's identity token: get it, read it, copy it, clear it. */
export const SecurityToken = () => {
  const token = useMutation({ mutationFn: getToken });
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="admin-token-title">
      <h2 id="admin-token-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      <div className={styles.row}>
        <Button
          onClick={() => {
            setCopied(null);
            token.mutate();
          }}
          loading={token.isPending}
        >
          {token.isPending ? t.getting : t.get}
        </Button>
        {token.data ? (
          <>
            <Button
              variant="secondary"
              icon={<ClipboardIcon size={18} />}
              onClick={() => void copy(token.data)}
            >
              {copied ? t.copied : t.copy}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setCopied(null);
                token.reset();
              }}
            >
              {t.clear}
            </Button>
          </>
        ) : null}
      </div>
      {token.isError ? <Alert>{errorText(token.error)}</Alert> : null}
      {copied === false ? <Alert>{t.copyFailed}</Alert> : null}
      {token.data ? (
        <textarea
          className={styles.output}
          aria-label={t.label}
          readOnly
          value={token.data}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </section>
  );
};
