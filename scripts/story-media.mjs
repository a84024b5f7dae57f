// `node scripts/story-media.mjs`: writes the tiny media files the stories show (public/media/),
// made here rather than downloaded: a PNG picture (pngjs), a WAV voice memo (PCM written by hand)
// and a WebM clip (a canvas recorded by Chromium's MediaRecorder). Storybook serves public/ as
// static files, so a media story shows real media with no network. Re-run only to change them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { PNG } from 'pngjs'
import { chromiumArgs, chromiumPath } from './chromium.mjs'

const dir = new URL('../public/media/', import.meta.url)
mkdirSync(dir, { recursive: true })

// A 240×160 picture: sky gradient, a sun and a hill, so a designer sees a real image, not a block.
const png = new PNG({ width: 240, height: 160 })
for (let y = 0; y < 160; y += 1)
  for (let x = 0; x < 240; x += 1) {
    const i = (y * 240 + x) * 4
    const sun = (x - 180) ** 2 + (y - 45) ** 2 < 22 ** 2
    const hill = y > 110 + 25 * Math.sin(x / 40)
    const [r, g, b] = sun ? [250, 200, 60] : hill ? [60, 140 - y / 4, 70] : [90 + y / 2, 150 + y / 3, 230]
    png.data.set([r, g, b, 255], i)
  }
writeFileSync(new URL('photo.png', dir), PNG.sync.write(png))

// A 1.5 s voice-like memo: 8 kHz, 8-bit mono PCM, a 220 Hz tone whose loudness rises and falls.
const rate = 8000
const samples = Math.round(rate * 1.5)
const wav = Buffer.alloc(44 + samples)
wav.write('RIFF', 0)
wav.writeUInt32LE(36 + samples, 4)
wav.write('WAVEfmt ', 8)
wav.writeUInt32LE(16, 16)
wav.writeUInt16LE(1, 20) // PCM
wav.writeUInt16LE(1, 22) // mono
wav.writeUInt32LE(rate, 24)
wav.writeUInt32LE(rate, 28)
wav.writeUInt16LE(1, 32)
wav.writeUInt16LE(8, 34)
wav.write('data', 36)
wav.writeUInt32LE(samples, 40)
for (let n = 0; n < samples; n += 1) {
  const t = n / rate
  const envelope = Math.abs(Math.sin(Math.PI * t * 3)) * 0.6
  wav[44 + n] = Math.round(128 + 127 * envelope * Math.sin(2 * Math.PI * 220 * t))
}
writeFileSync(new URL('memo.wav', dir), wav)

// A 1 s, 160×120 WebM clip of a moving ball, recorded from a canvas in Chromium.
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
try {
  const page = await browser.newPage()
  const base64 = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 120 })
    const g = canvas.getContext('2d')
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm', videoBitsPerSecond: 60_000 })
    const chunks = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    const done = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    const started = performance.now()
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - started) / 1000
        g.fillStyle = '#1d4ed8'
        g.fillRect(0, 0, 160, 120)
        g.fillStyle = '#fbbf24'
        g.beginPath()
        g.arc(20 + 120 * t, 60 + 30 * Math.sin(t * 6), 14, 0, 2 * Math.PI)
        g.fill()
        if (t < 1) requestAnimationFrame(frame)
        else resolve()
      }
      frame()
    })
    recorder.stop()
    await done
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
    let s = ''
    for (const b of bytes) s += String.fromCharCode(b)
    return btoa(s)
  })
  writeFileSync(new URL('clip.webm', dir), Buffer.from(base64, 'base64'))
} finally {
  await browser.close()
}
