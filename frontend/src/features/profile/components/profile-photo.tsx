import { MAX_UPLOAD_BYTES, texts } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateProfile } from '../api/update-profile';
import { UploadRefusedError, uploadImageFile } from '@/lib/upload';
import styles from './profile.module.css';

const t = texts.profile.photo;

type ProfilePhotoProps = {
  userId: string;
  name: string;
  image: string | null;
  /** The owner can upload a new picture. */
  editable: boolean;
};

class TooLargeError extends Error {
  constructor() {
    super(t.tooLarge);
  }
}

/**
 * The profile picture. The owner picks a file: it shows at once, is uploaded (POST /upload) and
 * saved as profile_image; on failure the previous picture comes back with the product's message.
 */
export const ProfilePhoto = ({ userId, name, image, editable }: ProfilePhotoProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateProfile(userId);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > MAX_UPLOAD_BYTES) throw new TooLargeError();
      return uploadImageFile(file);
    },
  });
  const busy = upload.isPending || save.isPending;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File) => {
    setError(null);
    setPreview(URL.createObjectURL(file));
    try {
      const url = await upload.mutateAsync(file);
      await save.mutateAsync({ profile_image: url });
    } catch (failure) {
      setError(
        failure instanceof UploadRefusedError
          ? t.uploadFailed(failure.status, failure.statusText)
          : t.updateFailed(failure instanceof Error ? failure.message : String(failure)),
      );
    } finally {
      setPreview(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className={styles.photo}>
      <div className={styles.photoFrame}>
        <Avatar src={preview ?? image} name={name} size="xlarge" alt={t.alt(name)} />
        {busy ? (
          <span className={styles.photoBusy}>
            <Spinner label={t.uploading} />
          </span>
        ) : null}
      </div>
      {editable ? (
        <>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void choose(file);
            }}
          />
          <label htmlFor={inputId} className={styles.photoButton} aria-disabled={busy || undefined}>
            {t.change}
          </label>
        </>
      ) : null}
      {error ? <Alert className={styles.photoError}>{error}</Alert> : null}
    </div>
  );
};
