import { Button } from 'antd-mobile';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import './chat-composer.css';

/** The composer's words, from the chat's own catalogue section. */
export type ChatComposerLabels = {
  empty: string;
  tooLong: string;
  image: string;
  removeImage: string;
  attach: string;
  message: string;
  placeholder: string;
  send: string;
  /** The characters left, counted down under the field; none when absent. */
  charsLeft?: (count: number) => string;
};

/**
 * A chat's composer: text of at most maxChars characters and one image, sent together; refused before
 * sending when empty or too long; cleared once the message is sent (a refused send keeps it, the api
 * client having shown the server's message).
 */
export function ChatComposer(props: {
  maxChars: number;
  labels: ChatComposerLabels;
  pending: boolean;
  send: (message: { body: string; image: File | null }) => Promise<unknown>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { labels } = props;
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const left = props.maxChars - [...body.trim()].length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (text === '' && !image) return setError(labels.empty);
    if (left < 0) return setError(labels.tooLong);
    setError(undefined);
    try {
      await props.send({ body: text, image });
    } catch {
      return;
    }
    setBody('');
    setImage(null);
  }

  return (
    <form className={`chat-composer ${props.className ?? ''}`} onSubmit={(event) => void submit(event)} noValidate>
      {preview && (
        <div className="chat-composer__preview">
          <img src={preview} alt={labels.image} />
          <button type="button" className="icon-button" aria-label={labels.removeImage} onClick={() => setImage(null)}>
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
      <div className="chat-composer__row">
        <label className="icon-button chat-composer__attach">
          <Icon name="image" />
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            aria-label={labels.attach}
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0] ?? null;
              event.currentTarget.value = '';
              if (picked && !picked.type.startsWith('image/')) return setError(t('validation.imageOnly'));
              setError(undefined);
              setImage(picked);
            }}
          />
        </label>
        <textarea
          className="chat-composer__input"
          aria-label={labels.message}
          placeholder={labels.placeholder}
          rows={2}
          value={body}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setBody(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" color="primary" shape="rounded" loading={props.pending}>
          {labels.send}
        </Button>
      </div>
      {labels.charsLeft && <p className={left < 0 ? 'chat-composer__count chat-composer__count--over' : 'chat-composer__count'}>{labels.charsLeft(left)}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
