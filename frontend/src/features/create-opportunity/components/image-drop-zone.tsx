import { hostTexts } from '@campus/contracts';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { checkImageFile } from '@/lib/upload';
import styles from './create-opportunity-form.module.css';

const t = hostTexts.create;

type ImageDropZoneProps = {
  file: File | null;
  /** An image already stored (a clone's), shown while no file is picked. */
  imageUrl: string | null;
  onFileChange: (file: File | null) => void;
  onImageUrlChange: (url: string | null) => void;
};

/** Drag-and-drop or pick one image; anything that is not an image type is refused here. */
export const ImageDropZone = ({
  file,
  imageUrl,
  onFileChange,
  onImageUrlChange,
}: ImageDropZoneProps) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  // The preview URL lives as long as it is shown.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const accept = (picked: File | undefined) => {
    if (!picked) return;
    const check = checkImageFile(picked);
    if (check !== 'ok') {
      setError(check === 'tooLarge' ? t.imageTooLarge : t.imageTypeError);
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(picked));
    onFileChange(picked);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  };

  const shown = file ? preview : imageUrl;

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {t.image}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        data-testid="image-drop-zone"
        className={cx(styles.dropZone, dragging && styles.dropZoneActive)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {shown ? <img src={shown} alt="" className={styles.preview} /> : null}
        <p className={styles.dropText}>
          {file ? file.name : t.dropImage}{' '}
          <Button variant="secondary" size="small" onClick={() => inputRef.current?.click()}>
            {t.pickImage}
          </Button>
        </p>
        {file || imageUrl ? (
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              onFileChange(null);
              onImageUrlChange(null);
              setPreview(null);
              if (inputRef.current) inputRef.current.value = '';
            }}
          >
            {t.removeImage}
          </Button>
        ) : null}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={t.pickImage}
          tabIndex={-1}
          onChange={(event) => accept(event.target.files?.[0])}
        />
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
};
