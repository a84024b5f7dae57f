'use client'
import { useCallback, useMemo } from 'react'
import type { Contact, LinekitClient } from '../../api'
import { useContacts } from '../useContacts'
import { phoneKey } from '../../provider/phoneKey'

/** A contact's visible name, or undefined when it has none. */
export function contactName(c: Pick<Contact, 'firstName' | 'lastName'>): string | undefined {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim()
  return name === '' ? undefined : name
}

/**
 * Names of the numbers in the native contact store (first page of 100, spec: Page size): a
 * lookup from any number to its contact's name, `undefined` when the number has none.
 */
export function useContactDirectory(client?: LinekitClient): (phone: string) => string | undefined {
  const { data } = useContacts({ limit: 100 }, client ? { client } : {})
  const byPhone = useMemo(() => {
    const map = new Map<string, string>()
    for (const c of data?.contacts ?? []) {
      const name = contactName(c)
      if (name) map.set(phoneKey(c.phoneNumber), name)
    }
    return map
  }, [data])
  return useCallback((phone: string) => byPhone.get(phoneKey(phone)), [byPhone])
}
