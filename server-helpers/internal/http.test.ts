// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { bodyOf, bytesInclude, deadlineSignal, readBytes, responseWithKnownBody } from './http'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('bytesInclude', () => {
  it('finds the needle at the start, in the middle and at the very end', () => {
    expect(bytesInclude(bytes('lk_key and more'), bytes('lk_key'))).toBe(true)
    expect(bytesInclude(bytes('a lk_lk_key b'), bytes('lk_key'))).toBe(true)
    expect(bytesInclude(bytes('ends with lk_key'), bytes('lk_key'))).toBe(true)
  })

  it('does not match a prefix cut off by the end, a near miss, or an empty needle', () => {
    expect(bytesInclude(bytes('ends with lk_ke'), bytes('lk_key'))).toBe(false)
    expect(bytesInclude(bytes('lk_kez lk_keY'), bytes('lk_key'))).toBe(false)
    expect(bytesInclude(bytes('anything'), bytes(''))).toBe(false)
    expect(bytesInclude(bytes(''), bytes('x'))).toBe(false)
  })
})

describe('known bodies', () => {
  it('hands back the content without reading the stream, and the stream still works for others', async () => {
    const content = bytes('{"ok":true}')
    const response = responseWithKnownBody(content, { status: 200 })
    expect(bodyOf(response)).toBe(content)
    expect(await readBytes(response)).toBe(content)
    expect(await response.text()).toBe('{"ok":true}')
    // Once the stream was read, the remembered content is no longer offered.
    expect(bodyOf(response)).toBeUndefined()
    expect(bodyOf(new Response('x'))).toBeUndefined()
    expect(await readBytes(new Response('plain'))).toEqual(bytes('plain'))
  })
})

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError after the time limit', async () => {
    const { signal } = deadlineSignal(undefined, 10)
    await new Promise((resolve) => signal.addEventListener('abort', resolve))
    expect((signal.reason as DOMException).name).toBe('TimeoutError')
  })

  it('follows the parent, also one already aborted, and clear() stops both', async () => {
    const parent = new AbortController()
    const followed = deadlineSignal(parent.signal, 60_000)
    parent.abort(new Error('left'))
    expect(followed.signal.reason).toEqual(new Error('left'))
    followed.clear()
    expect(deadlineSignal(parent.signal, 60_000).signal.aborted).toBe(true)

    const other = new AbortController()
    const cleared = deadlineSignal(other.signal, 10)
    cleared.clear()
    other.abort()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(cleared.signal.aborted).toBe(false)
  })
})
