import { describe, expect, it } from 'vitest'
import { enrollResponseSchema, workflowsResponseSchema } from 'linekit/api'
import { seedContacts, seedFlows, seedKeys, seedLines, seedOtherLines } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

const P = '+14155550192'

describe('workflows', () => {
  it('lists the seeded flows', async () => {
    const { get } = setup()
    const r = await get('/get-flows')
    expect(workflowsResponseSchema.safeParse(r.body).success).toBe(true)
    expect(r.body.flows.map((f: { flowId: string }) => f.flowId)).toEqual(Object.values(seedFlows))
    expect(r.body.flows.find((f: { flowId: string }) => f.flowId === seedFlows.unpublished).published).toBe(false)
  })

  it('the enrolment status is the state after the first step', async () => {
    const { post } = setup()
    const wait = await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '(415) 555-0192' })
    expect(enrollResponseSchema.safeParse(wait.body).success).toBe(true)
    expect(wait.body).toMatchObject({ success: true, status: 'SLEEPING' })
    expect(typeof wait.body.runId).toBe('number')
    expect(typeof wait.body.currentNodeId).toBe('string')
    expect((await post('/enroll-flow', { flowId: seedFlows.question, phoneNumber: P })).body.status).toBe(
      'WAITING_REPLY',
    )
    const action = await post('/enroll-flow', {
      flowId: seedFlows.action,
      phoneNumber: P,
      pb_line_id: seedLines.messaging.lineId,
    })
    expect(action.body).toMatchObject({ status: 'ACTIVE', pb_line_id: seedLines.messaging.lineId })
  })

  it('400 invalid phone / pb_line_id / flowId; 404 unknown or unpublished flow and unknown line; 403 opted out; 409 active run', async () => {
    const { post, mock } = setup()
    expectError(await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '12' }), 400)
    expectError(await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P, pb_line_id: 'line' }), 400)
    expectError(await post('/enroll-flow', { flowId: 'f'.repeat(65), phoneNumber: P }), 400)
    expectError(await post('/enroll-flow', { flowId: '', phoneNumber: P }), 400)
    expectError(await post('/enroll-flow', { flowId: 'unknown-flow', phoneNumber: P }), 404)
    expectError(await post('/enroll-flow', { flowId: seedFlows.unpublished, phoneNumber: P }), 404)
    expectError(
      await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P, pb_line_id: seedOtherLines.crm.lineId }),
      404,
    )
    expectError(await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: seedContacts.optedOut }), 403)
    mock.control.setNumber({ phone: P, optedOut: true })
    expectError(await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P }), 403)
    mock.control.setNumber({ phone: P, optedOut: false })
    expect((await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P })).status).toBe(200)
    expectError(await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '415-555-0192' }), 409)
  })

  it('400 when the account has no available line', async () => {
    const { post, mock } = setup()
    const crm = mock.control.account({ apiKey: seedKeys.crm })
    crm.lineIds.length = 0
    const flowId = [...crm.flows.keys()][0]!
    expectError(await post('/enroll-flow', { flowId, phoneNumber: P }, seedKeys.crm), 400, 'no_available_lines')
  })

  it('cancel: CANCELLED, then 409 as terminal; a new run may start; unknown run → 404', async () => {
    const { post } = setup()
    const run = (await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P })).body
    const cancelled = await post('/cancel-flow-run', { runId: run.runId })
    expect(cancelled.body).toEqual({ success: true, runId: run.runId, status: 'CANCELLED' })
    expectError(await post('/cancel-flow-run', { runId: run.runId }), 409)
    expect((await post('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: P })).status).toBe(200)
    expectError(await post('/cancel-flow-run', { runId: 999_999 }), 404)
    expectError(await post('/cancel-flow-run', { runId: 'one' }), 400)
    expectError(await post('/cancel-flow-run', { runId: run.runId }, seedKeys.crm), 404)
  })
})
