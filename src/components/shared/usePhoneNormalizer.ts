'use client'
import { useEffect, useMemo, useState } from 'react'
import type * as PhoneNs from '../../api/phone'
import type { CountryCode } from '../../api/phone'
import type { Normalize } from './recipients'

type PhoneModule = typeof PhoneNs
let cached: PhoneModule | undefined
let loading: Promise<PhoneModule> | undefined

/** Loads `src/api/phone` (libphonenumber) on first use only: it is ~30 KB gzip and only needed where people type numbers. */
export function loadPhoneModule(): Promise<PhoneModule> {
  loading ??= import('../../api/phone').then((m) => (cached = m))
  return loading
}

/** A normalizer bound to `defaultCountry`, or `undefined` while libphonenumber loads. */
export function usePhoneNormalizer(defaultCountry: CountryCode | undefined): Normalize | undefined {
  const [mod, setMod] = useState<PhoneModule | undefined>(cached)
  useEffect(() => {
    if (mod) return
    let live = true
    void loadPhoneModule().then((m) => {
      if (live) setMod(m)
    })
    return () => {
      live = false
    }
  }, [mod])
  return useMemo(
    () => (mod ? (input: string) => mod.tryNormalizePhone(input, defaultCountry) : undefined),
    [mod, defaultCountry],
  )
}
