import { describe, expect, it } from 'vitest'
import { contactResponseSchema, contactsListResponseSchema } from 'linekit/api'
import { seedContacts } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

const P = '+14155550190'

describe('contacts', () => {
  it('create-external-contact upserts: names fill only empty values, email overwrites, customFields shallow-merge, {} changes nothing, response is the contact before the merge', async () => {
    const { post, get, mock } = setup()
    const created = await post('/create-external-contact', {
      phone: '(415) 555-0190',
      firstName: 'Mia',
      customFields: { a: 1, b: { x: 1 } },
    })
    expect(contactResponseSchema.safeParse(created.body).success).toBe(true)
    expect(created.body.contact).toMatchObject({
      phoneNumber: P,
      firstName: 'Mia',
      lastName: null,
      email: null,
      customFields: { a: 1, b: { x: 1 } },
    })
    mock.clock.advance(1_000)
    const merged = await post('/create-external-contact', {
      phone: P,
      firstName: 'Other',
      lastName: 'Ray',
      email: 'm@x.test',
      customFields: { b: { y: 2 }, c: 3 },
    })
    // the response is the contact as it was before the merge
    expect(merged.body.contact).toMatchObject({
      firstName: 'Mia',
      lastName: null,
      email: null,
      customFields: { a: 1, b: { x: 1 } },
    })
    const now = (await get(`/get-external-contacts?phone=${encodeURIComponent(P)}`)).body.contacts[0]
    expect(now).toMatchObject({
      firstName: 'Mia',
      lastName: 'Ray',
      email: 'm@x.test',
      customFields: { a: 1, b: { y: 2 }, c: 3 },
    })
    expect(now.updatedAt).not.toBe(now.createdAt)
    await post('/create-external-contact', { phone: P, email: 'new@x.test', customFields: {} })
    const after = (await get(`/get-external-contacts?phone=${encodeURIComponent(P)}`)).body.contacts[0]
    expect(after.email).toBe('new@x.test')
    expect(after.customFields).toEqual({ a: 1, b: { y: 2 }, c: 3 })
    await post('/create-external-contact', { phone: P, email: '' })
    expect((await get(`/get-external-contacts?phone=${encodeURIComponent(P)}`)).body.contacts[0].email).toBe(
      'new@x.test',
    )
  })

  it('400 on an invalid phone or oversized customFields', async () => {
    const { post } = setup()
    expectError(await post('/create-external-contact', { phone: 'nope' }), 400)
    expectError(await post('/create-external-contact', { phone: P, customFields: { x: 'y'.repeat(10_001) } }), 400)
  })

  it('update replaces customFields wholesale; unknown contactId → 404', async () => {
    const { post } = setup()
    const { contact } = (await post('/create-external-contact', { phone: P, customFields: { a: 1, b: 2 } })).body
    const updated = await post('/update-external-contact', {
      contactId: contact.id,
      customFields: { c: 3 },
      note: 'VIP',
      lastName: 'Doe',
    })
    expect(updated.body.contact).toMatchObject({ customFields: { c: 3 }, note: 'VIP', lastName: 'Doe' })
    const cleared = await post('/update-external-contact', { contactId: contact.id, customFields: null })
    expect(cleared.body.contact.customFields).toBeNull()
    expectError(await post('/update-external-contact', { contactId: 'ct_missing' }), 404)
  })

  it('lists with pagination and the phone filter', async () => {
    const { get } = setup()
    const all = await get('/get-external-contacts')
    expect(contactsListResponseSchema.safeParse(all.body).success).toBe(true)
    expect(all.body.pagination).toEqual({ limit: 100, offset: 0, total: 3 })
    const page = await get('/get-external-contacts?limit=1&offset=1')
    expect(page.body.contacts).toHaveLength(1)
    expect(page.body.contacts[0].phoneNumber).toBe(seedContacts.ben)
    expectError(await get('/get-external-contacts?limit=100&offset=1901'), 400)
  })
})
