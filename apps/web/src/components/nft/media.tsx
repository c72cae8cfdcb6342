import type { NftDetailView } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { Cover } from './nft.tsx';

/**
 * An artwork's file as its media type wants it: an image or a GIF as a picture, audio with the native
 * player under its cover, a video with the native player over its cover. The server serves files with
 * range requests, so both players can seek; `preload="metadata"` loads only the duration until play.
 */
export function ArtworkMedia({ detail }: { detail: Pick<NftDetailView, 'media' | 'cover' | 'title' | 'media_type'> }) {
  const { t } = useTranslation();
  const { media, cover, title } = detail;
  if (media?.kind === 'video') {
    return (
      <div className="nft-media nft-media--video">
        <video className="nft-media__video" src={media.url} poster={cover ?? undefined} controls playsInline preload="metadata" aria-label={t('nft.videoPlayer', { title })} />
      </div>
    );
  }
  if (media?.kind === 'audio') {
    return (
      <div className="nft-media nft-media--audio">
        <Cover src={cover} title={title} mediaType="audio" />
        <audio className="nft-media__audio" src={media.url} controls preload="metadata" aria-label={t('nft.audioPlayer', { title })} />
      </div>
    );
  }
  if (media) {
    return (
      <div className="nft-media">
        <img className="nft-cover" src={media.url} alt={t('nft.artworkCover', { title })} />
      </div>
    );
  }
  return (
    <div className="nft-media">
      <Cover src={cover} title={title} mediaType={detail.media_type} />
    </div>
  );
}
