// Other kits' bundles, measured by the same functions as linekit's (scripts/size.mjs): each kit is
// installed (once) into a scratch folder outside the repository, never into its dependencies,
// and a snippet of its basic use (a chat view with its client; a call with its SDK) is bundled.
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measure, measureVite } from '../scripts/size.mjs'

/**
 * `[{ name, what, esbuild, vite }]` (initial bytes, gzip) per kit, or `{ name, what, error }`;
 * empty when the kits could not be installed.
 */
export async function measurePeers(log = console.log) {
  const dir = process.env.LINEKIT_BENCH_PEERS_DIR ?? join(tmpdir(), 'linekit-bench-peers')
  const packages = [
    'react@19',
    'react-dom@19',
    'stream-chat-react',
    'stream-chat',
    '@sendbird/uikit-react',
    '@chatscope/chat-ui-kit-react',
    'agora-rtc-react',
    'agora-rtc-sdk-ng',
    '@livekit/components-react',
    'livekit-client',
  ]
  if (!existsSync(join(dir, 'node_modules', 'stream-chat-react'))) {
    log(`  installing other kits into ${dir}`)
    mkdirSync(dir, { recursive: true })
    if (!existsSync(join(dir, 'package.json')))
      writeFileSync(join(dir, 'package.json'), '{"name":"linekit-bench-peers","private":true}\n')
    try {
      execSync(`npm install --no-audit --no-fund --legacy-peer-deps ${packages.join(' ')}`, {
        cwd: dir,
        stdio: 'ignore',
      })
    } catch (error) {
      log(`  could not install other kits: ${error.message}`)
      return []
    }
  }
  const version = (name) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version
  const snippets = [
    [
      'stream-chat-react',
      'Chat, Channel, Window, MessageList, MessageComposer + StreamChat client',
      `import { Chat, Channel, Window, MessageList, MessageComposer } from 'stream-chat-react'\nimport { StreamChat } from 'stream-chat'\nconsole.log(Chat, Channel, Window, MessageList, MessageComposer, StreamChat)\n`,
    ],
    [
      '@sendbird/uikit-react',
      'SendbirdProvider + GroupChannel',
      `import SendbirdProvider from '@sendbird/uikit-react/SendbirdProvider'\nimport GroupChannel from '@sendbird/uikit-react/GroupChannel'\nconsole.log(SendbirdProvider, GroupChannel)\n`,
    ],
    [
      '@chatscope/chat-ui-kit-react',
      'MainContainer, ChatContainer, MessageList, Message, MessageInput (no data layer)',
      `import { MainContainer, ChatContainer, MessageList, Message, MessageInput } from '@chatscope/chat-ui-kit-react'\nconsole.log(MainContainer, ChatContainer, MessageList, Message, MessageInput)\n`,
    ],
    [
      'agora-rtc-react',
      'AgoraRTCProvider, useJoin, useLocalMicrophoneTrack, usePublish, useRemoteUsers + the SDK',
      `import AgoraRTC from 'agora-rtc-sdk-ng'\nimport { AgoraRTCProvider, useJoin, useLocalMicrophoneTrack, usePublish, useRemoteUsers } from 'agora-rtc-react'\nconsole.log(AgoraRTC, AgoraRTCProvider, useJoin, useLocalMicrophoneTrack, usePublish, useRemoteUsers)\n`,
    ],
    [
      '@livekit/components-react',
      'LiveKitRoom, RoomAudioRenderer, ControlBar (+ livekit-client)',
      `import { LiveKitRoom, RoomAudioRenderer, ControlBar } from '@livekit/components-react'\nconsole.log(LiveKitRoom, RoomAudioRenderer, ControlBar)\n`,
    ],
  ]
  const rows = []
  for (const [name, what, code] of snippets) {
    try {
      const e = await measure(code, { resolveDir: dir })
      const v = await measureVite(code, { resolveDir: dir })
      rows.push({ name: `${name} ${version(name)}`, what, esbuild: e.initial, vite: v.initial })
    } catch (error) {
      rows.push({ name, what, error: String(error.message).split('\n')[0] })
    }
  }
  return rows
}
