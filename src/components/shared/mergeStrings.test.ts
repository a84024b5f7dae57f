import { describe, expect, it } from 'vitest'
import { mergeStrings } from './mergeStrings'

const defaults = {
  label: 'Send',
  failed: (reason: string) => `Not sent: ${reason}`,
  linePicker: { label: 'Send from', shared: 'shared' },
}

describe('mergeStrings', () => {
  it('returns the defaults when nothing is overridden', () => {
    expect(mergeStrings(defaults)).toBe(defaults)
    expect(mergeStrings(defaults, {})).toEqual(defaults)
  })

  it('overrides flat strings and functions, and merges nested objects key by key', () => {
    const texts = mergeStrings(defaults, {
      label: 'Envoyer',
      failed: (reason) => `Non envoyé : ${reason}`,
      linePicker: { shared: 'partagée' },
    })
    expect(texts.label).toBe('Envoyer')
    expect(texts.failed('réseau')).toBe('Non envoyé : réseau')
    expect(texts.linePicker).toEqual({ label: 'Send from', shared: 'partagée' })
    // The defaults are not mutated.
    expect(defaults.linePicker.shared).toBe('shared')
  })

  it('keeps the default where an override is undefined', () => {
    expect(mergeStrings(defaults, { label: undefined, linePicker: undefined })).toEqual(defaults)
  })
})
