/**
 * The application id of the fake `rtc` credentials linekit's mock service hands out (32 hex
 * characters like a real one). Shared by the mock, which issues it, and `agoraAudioEngine`, which
 * recognises it: no audio network answers these credentials.
 */
export const MOCK_RTC_APP_ID = '6c1f0e3a9b7d4e2fa5c8b0d1e9f7a3c2'
