import { Icon } from './icon.tsx';

/** A round avatar: the uploaded image when there is one, otherwise a neutral person mark. */
export function Avatar({ src, size = 'var(--avatar-size)', alt = '' }: { src?: string | null; size?: string; alt?: string }) {
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {src ? <img src={src} alt={alt} /> : <Icon name="user" size="60%" />}
    </span>
  );
}
