/**
 * The URL of a tiny media file in public/media/ (made by scripts/story-media.mjs), served by
 * Storybook itself (and by the vitest server that runs the stories), so a media story shows real
 * media with no network. Absolute, as attachment URLs must be http(s); relative to the site's
 * base, so the static Storybook works from a sub-folder.
 */
export function storyMedia(file: string): string {
  return new URL(`${import.meta.env.BASE_URL}media/${file}`, document.baseURI).href
}
