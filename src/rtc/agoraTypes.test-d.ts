// Type-level check that the structural slice of the SDK the engine declares matches the real
// agora-rtc-sdk-ng typings (a type-only import: nothing of the SDK is loaded).
import type AgoraRTC from 'agora-rtc-sdk-ng'
import { expectTypeOf, test } from 'vitest'
import type { AgoraSdkLike } from './agoraAudioEngine'

test('the real SDK module satisfies AgoraSdkLike', () => {
  expectTypeOf<typeof AgoraRTC>().toExtend<AgoraSdkLike>()
})
