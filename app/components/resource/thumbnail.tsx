/** A list's small picture: the smallest WebP variant (decision 031), decorative beside the record's name. */
export function Thumbnail({ url }: { url: string | null | undefined }) {
  return url ? <img src={url} alt="" width={48} height={48} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, display: 'block', background: 'var(--mantine-color-gray-1)' }} /> : <span>—</span>;
}
