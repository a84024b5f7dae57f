/**
 * The Agora SDK behind one module of linekit's own, so that the chunk an app's bundler splits off
 * for it is named after this file: a build's report lists `linekitAgoraSdk-<hash>.js` (≈ 1.5 MB
 * minified, one module of the SDK that cannot be split further), loaded on the first call only.
 */
export { default } from 'agora-rtc-sdk-ng'
