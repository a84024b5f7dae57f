/**
 * Workflows and runs. spec: POST /enroll-flow, Workflow (flow) and run; list and cancel are
 * referenced without a shape (src/api/ASSUMPTIONS.md).
 */
import type { RunStatus } from '../../src/api/enums'
import { isOptedOut, pickLine } from './common'
import { fail } from './serviceErrors'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account, Flow, FlowFirstStep, Line, Run } from './stateRecords'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TERMINAL: ReadonlySet<RunStatus> = new Set(['COMPLETED', 'CANCELLED', 'FAILED'])

/** spec: the status after the first step — wait → SLEEPING, question → WAITING_REPLY, else ACTIVE. */
const statusAfterFirstStep: Readonly<Record<FlowFirstStep, RunStatus>> = {
  wait: 'SLEEPING',
  question: 'WAITING_REPLY',
  action: 'ACTIVE',
}

/** Body of POST /enroll-flow. */
interface EnrollInput {
  flowId: string
  phoneNumber: string
  pb_line_id?: string | undefined
}

/** POST /enroll-flow. */
export function enroll(state: MockState, account: Account, input: EnrollInput) {
  // spec: 400 invalid phone, invalid pb_line_id, invalid flowId (1–64 characters), no available lines.
  if (typeof input.flowId !== 'string' || input.flowId.length < 1 || input.flowId.length > 64) {
    throw fail(400, 'invalid_flow_id', 'flowId must be 1 to 64 characters', 'Use a flowId from GET /get-flows.')
  }
  const phone = requirePhone(input.phoneNumber, 'phoneNumber')
  if (input.pb_line_id !== undefined && !UUID.test(input.pb_line_id)) {
    throw fail(
      400,
      'invalid_line_id',
      'pb_line_id is not a valid line id',
      'Use a lineId (UUID) from GET /get-lines, or omit it.',
    )
  }
  // spec: 404 flow not found or not published.
  const flow = account.flows.get(input.flowId)
  if (!flow || !flow.published) {
    throw fail(
      404,
      'flow_not_found',
      flow ? 'The workflow is not published' : 'Workflow not found',
      'Publish the workflow, or use a flowId from GET /get-flows.',
    )
  }
  let line: Line
  if (input.pb_line_id !== undefined) {
    const found = state.lines.get(input.pb_line_id)
    if (!found || found.accountId !== account.id)
      throw fail(404, 'line_not_found', 'Line not found', 'Use a lineId from GET /get-lines, or omit pb_line_id.')
    line = found
  } else {
    if (account.lineIds.length === 0)
      throw fail(400, 'no_available_lines', 'No available line to run the workflow on', 'Add a line to the account.')
    line = pickLine(state, account, phone)
  }
  // spec: 403 contact opted out.
  if (isOptedOut(state, account, phone)) {
    throw fail(403, 'contact_opted_out', `${phone} has opted out`, 'Opted-out contacts cannot be enrolled.')
  }
  // spec: 409 an active run already exists for this contact in this flow.
  const openKey = `${flow.flowId}|${phone}`
  const open = account.openRuns.get(openKey)
  const openRun = open === undefined ? undefined : account.runs.get(open)
  if (openRun && !TERMINAL.has(openRun.status)) {
    throw fail(
      409,
      'run_exists',
      'An active run already exists for this contact in this workflow',
      'Cancel the existing run first.',
      { runId: openRun.runId },
    )
  }
  state.counters.run += 1
  const run: Run = {
    runId: 1000 + state.counters.run,
    accountId: account.id,
    flowId: flow.flowId,
    phoneNumber: phone,
    lineId: line.lineId,
    status: statusAfterFirstStep[flow.firstStep],
    currentNodeId: `node_${flow.firstStep}_1`,
    createdAt: state.clock.now(),
  }
  account.runs.set(run.runId, run)
  account.openRuns.set(openKey, run.runId)
  return {
    success: true,
    runId: run.runId,
    status: run.status,
    currentNodeId: run.currentNodeId,
    pb_line_id: run.lineId,
  }
}

/** The public workflow object (@assumed: ASSUMPTIONS.md). */
export function toFlowView(flow: Flow) {
  return { flowId: flow.flowId, name: flow.name, published: flow.published, firstStep: flow.firstStep }
}

/** GET /get-flows → `{ flows }`. */
export function listFlows(_state: MockState, account: Account) {
  return { flows: [...account.flows.values()].map(toFlowView) }
}

/** POST /cancel-flow-run `{ runId }` → `{ success, runId, status: 'CANCELLED' }`; 404 unknown, 409 terminal. */
export function cancelRun(_state: MockState, account: Account, input: { runId: number }) {
  const run = account.runs.get(input.runId)
  if (!run) throw fail(404, 'run_not_found', 'Run not found', 'Use a runId returned by POST /enroll-flow.')
  if (TERMINAL.has(run.status)) {
    throw fail(
      409,
      'run_terminal',
      `The run is already ${run.status}`,
      'Only runs that are not terminal can be cancelled.',
    )
  }
  run.status = 'CANCELLED'
  account.openRuns.delete(`${run.flowId}|${run.phoneNumber}`)
  return { success: true, runId: run.runId, status: 'CANCELLED' as const }
}
