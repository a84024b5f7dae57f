/**
 * The number in E.164 for a request that asks for it (spec: POST /send-typing-indicator —
 * `phoneNumber` is E.164), or undefined when it is not a phone number. libphonenumber is loaded
 * on first use only (`linekit/phone`); `US` is the default region (ASSUMPTIONS.md).
 */
export async function toE164(phone: string): Promise<string | undefined> {
  const { tryNormalizePhone } = await import('../../api/phone')
  const result = tryNormalizePhone(phone, 'US')
  return result.ok ? result.e164 : undefined
}
