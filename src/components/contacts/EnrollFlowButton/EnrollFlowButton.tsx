'use client'
import { useEffect, useId, useRef, useState, type HTMLAttributes, type RefObject } from 'react'
import type { RunStatus } from '../../../api/values'
import type { EnrollResponse, Workflow } from '../../../api/schemas'
import { useCancelRun } from '../../../hooks/useCancelRun'
import { useLines } from '../../../hooks/useLines'
import { useEnrollFlow } from '../../../hooks/useEnrollFlow'
import { useWorkflows } from '../../../hooks/useWorkflows'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { describeLinekitError, isNoConnection, type LinekitErrorStrings } from '../../shared/errorMessages'
import { enrollErrorRule, type EnrollErrorStrings } from '../../shared/errorMessages'
import { lineLabel } from '../../shared/lineLabel'

/** Default, overridable strings (i18n). */
export const enrollFlowButtonStrings = {
  open: 'Enrol in a workflow',
  close: 'Close',
  workflow: 'Workflow',
  choose: 'Choose a workflow',
  unpublishedGroup: 'Not published (cannot be chosen)',
  enrol: 'Enrol',
  enrolling: 'Enrolling…',
  loading: 'Loading workflows…',
  error: 'Workflows could not be loaded.',
  retry: 'Try again',
  empty: 'There are no published workflows.',
  run: (id: string, status: string) => `Run ${id}: ${status}`,
  line: (line: string) => `Pinned to ${line} for the whole run.`,
  lineUnknown: 'Pinned to one line for the whole run.',
  cancelExisting: 'Cancel the existing run',
  cancelledExisting: 'The existing run was cancelled. You can enrol again.',
  cancel: 'Cancel run',
  cancelling: 'Cancelling…',
  cancelled: 'The run was cancelled.',
  /** The enrolment got no answer (no connection): no run was started; the chosen workflow stays chosen. */
  notEnrolledOffline: "Not enrolled: no connection. The workflow stays chosen; try again when you're back online.",
  /** Cancelling a run got no answer (no connection): the run goes on. */
  notCancelledOffline: "Not cancelled: no connection. The run goes on; try again when you're back online.",
  statuses: {
    ACTIVE: 'Active',
    SLEEPING: 'Waiting (a timed step)',
    WAITING_REPLY: 'Waiting for a reply',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
    FAILED: 'Failed',
  } as Record<RunStatus, string>,
}
export type EnrollFlowButtonStrings = typeof enrollFlowButtonStrings

/**
 * Props of {@link EnrollFlowButton}.
 *
 * State attributes on the root: `data-state="closed" | "open" | "enrolling" | "enrolled" | "error"`,
 * and `data-run-status` (e.g. `WAITING_REPLY`) once enrolled.
 */
export interface EnrollFlowButtonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The contact's number. */
  phoneNumber: string
  /** Pin the run to this line; otherwise the service chooses one and pins it. */
  lineId?: string
  /** Called with the new run. */
  onEnrolled?: (run: EnrollResponse) => void
  /** String overrides. @default enrollFlowButtonStrings */
  strings?: StringOverrides<EnrollFlowButtonStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & EnrollErrorStrings>
}

const workflowName = (w: Workflow) => w.name ?? w.flowId

/**
 * Focus follows the panel: into the workflow picker when it opens, to Cancel run once enrolled,
 * back to Enrol after a cancel and to the opener when Escape closes it (the pressed button is
 * disabled or gone by then, which would drop focus to the page). Set the returned ref to the
 * selector of the element to focus after the next render.
 */
function usePanelFocus(rootRef: RefObject<HTMLDivElement | null>, open: boolean, setOpen: (open: boolean) => void) {
  const focusNextRef = useRef<string | null>(null)
  useEffect(() => {
    const target = focusNextRef.current && rootRef.current?.querySelector<HTMLElement>(focusNextRef.current)
    if (!target) return
    target.focus()
    focusNextRef.current = null
  })
  useEffect(() => {
    const root = rootRef.current
    if (!open || !root) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      focusNextRef.current = '[data-part="opener"]'
      setOpen(false)
    }
    root.addEventListener('keydown', onKey)
    return () => root.removeEventListener('keydown', onKey)
  }, [open, rootRef, setOpen])
  return focusNextRef
}

/**
 * Enrol a contact into a published Workflow (spec: POST /enroll-flow): pick a workflow, enrol,
 * see the run's status after its first step (`SLEEPING`, `WAITING_REPLY`, `ACTIVE` …) and cancel
 * it. 409 (already running), 403 (opted out) and 404 (not published / line not found) are
 * explained. Themed through `.lk-Field`, `.lk-Notice` and `--lk-*` variables.
 *
 * @example
 * <EnrollFlowButton phoneNumber="+14155550100" />
 */
export function EnrollFlowButton({
  phoneNumber,
  lineId,
  onEnrolled,
  strings,
  errorStrings,
  className,
  ...props
}: EnrollFlowButtonProps) {
  const texts = mergeStrings(enrollFlowButtonStrings, strings)
  const ids = useId()
  const [open, setOpen] = useState(false)
  const [flowId, setFlowId] = useState('')
  const [run, setRun] = useState<EnrollResponse | null>(null)
  const [cancelled, setCancelled] = useState(false)
  const workflows = useWorkflows()
  const lines = useLines()
  const enrol = useEnrollFlow()
  const cancel = useCancelRun()
  // A 409 names the run in the way (the contract does not show it; read defensively): offer to
  // cancel it, which is what its sentence asks for.
  const conflictRun = (() => {
    const e = enrol.error as { status?: number; body?: unknown } | null
    if (e?.status !== 409) return undefined
    const id = (e.body as { runId?: unknown } | undefined)?.runId
    return typeof id === 'number' ? id : undefined
  })()
  const [cancelledExisting, setCancelledExisting] = useState(false)
  const cancelExisting = async () => {
    if (conflictRun === undefined) return
    try {
      await cancel.mutateAsync({ runId: conflictRun })
      enrol.reset()
      setCancelledExisting(true)
    } catch {
      // shown from cancel.error
    }
  }
  const rootRef = useRef<HTMLDivElement>(null)
  const focusNextRef = usePanelFocus(rootRef, open, setOpen)
  const runLine = run ? lines.lines.find((l) => l.lineId.toLowerCase() === run.pb_line_id.toLowerCase()) : undefined

  const doEnrol = async () => {
    if (!flowId) return
    setRun(null)
    setCancelled(false)
    setCancelledExisting(false)
    try {
      const res = await enrol.mutateAsync({
        flowId,
        phoneNumber,
        ...(lineId !== undefined ? { pb_line_id: lineId } : {}),
      })
      setRun(res)
      focusNextRef.current = '[data-part="cancel-run"]'
      onEnrolled?.(res)
    } catch {
      // shown from enrol.error
      focusNextRef.current = '[data-part="enrol"]'
    }
  }
  const doCancel = async () => {
    if (!run) return
    try {
      await cancel.mutateAsync({ runId: run.runId })
      setCancelled(true)
      focusNextRef.current = '[data-part="enrol"]'
    } catch {
      // shown from cancel.error
    }
  }

  const state = !open ? 'closed' : enrol.isPending ? 'enrolling' : run ? 'enrolled' : enrol.error ? 'error' : 'open'
  const status: RunStatus | undefined = cancelled ? 'CANCELLED' : run?.status
  return (
    <div
      ref={rootRef}
      {...props}
      className={cx('lk-EnrollFlowButton', className)}
      data-state={state}
      data-run-status={status}
    >
      <button
        type="button"
        className="lk-Button"
        data-variant={open ? 'ghost' : undefined}
        data-part="opener"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onClick={() => {
          if (!open) focusNextRef.current = 'select'
          setOpen(!open)
        }}
      >
        {open ? texts.close : texts.open}
      </button>
      {open ? (
        <div id={`${ids}-panel`} className="lk-EnrollFlowButton-panel">
          <WorkflowPicker
            workflows={workflows}
            id={`${ids}-flow`}
            flowId={flowId}
            onFlowChange={setFlowId}
            enrolling={enrol.isPending}
            onEnrol={() => void doEnrol()}
            strings={texts}
            errorStrings={errorStrings}
          />
          {enrol.error && !enrol.isPending && !run ? (
            <EnrolErrorNotice
              error={enrol.error}
              onCancelExisting={conflictRun === undefined ? undefined : () => void cancelExisting()}
              cancelling={cancel.isPending}
              cancelError={cancel.error}
              strings={texts}
              errorStrings={errorStrings}
            />
          ) : null}
          {cancelledExisting ? (
            <p className="lk-Notice" role="status">
              {texts.cancelledExisting}
            </p>
          ) : null}
          {run && status ? (
            <RunNotice
              run={run}
              status={status}
              lineName={runLine ? lineLabel(runLine) : undefined}
              cancelled={cancelled}
              cancelling={cancel.isPending}
              cancelError={cancel.error}
              onCancel={() => void doCancel()}
              strings={texts}
              errorStrings={errorStrings}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** Why a run was not cancelled, as one sentence. */
const cancelErrorText = (
  error: unknown,
  texts: EnrollFlowButtonStrings,
  errorStrings: EnrollFlowButtonProps['errorStrings'],
) => (isNoConnection(error) ? texts.notCancelledOffline : describeLinekitError(error, 'load', errorStrings))

type TextProps = { strings: EnrollFlowButtonStrings; errorStrings: EnrollFlowButtonProps['errorStrings'] }

/** The published workflows to choose from (unpublished ones shown, not choosable), and Enrol. */
function WorkflowPicker(
  props: TextProps & {
    workflows: ReturnType<typeof useWorkflows>
    id: string
    flowId: string
    onFlowChange: (flowId: string) => void
    enrolling: boolean
    onEnrol: () => void
  },
) {
  const { workflows, id, flowId, strings: texts, errorStrings } = props
  const flows = workflows.data?.flows ?? []
  const published = flows.filter((f) => f.published !== false)
  const unpublished = flows.filter((f) => f.published === false)
  if (workflows.status === 'pending') return <p role="status">{texts.loading}</p>
  if (workflows.status === 'error')
    return (
      <div className="lk-Notice" data-tone="danger" role="alert">
        <p>
          {texts.error} {describeLinekitError(workflows.error, 'load', errorStrings)}
        </p>
        <button type="button" className="lk-Button" onClick={() => void workflows.refetch()}>
          {texts.retry}
        </button>
      </div>
    )
  if (published.length === 0) return <p className="lk-Notice">{texts.empty}</p>
  return (
    <>
      <div className="lk-Field">
        <label htmlFor={id}>{texts.workflow}</label>
        <select id={id} value={flowId} onChange={(e) => props.onFlowChange(e.currentTarget.value)}>
          <option value="">{texts.choose}</option>
          {published.map((f) => (
            <option key={f.flowId} value={f.flowId}>
              {workflowName(f)}
            </option>
          ))}
          {/* Unpublished workflows are listed once, under one label, and cannot be chosen (404). */}
          {unpublished.length > 0 ? (
            <optgroup label={texts.unpublishedGroup}>
              {unpublished.map((f) => (
                <option key={f.flowId} value={f.flowId} disabled>
                  {workflowName(f)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <button
        type="button"
        className="lk-Button"
        data-part="enrol"
        disabled={!flowId || props.enrolling}
        onClick={props.onEnrol}
      >
        {props.enrolling ? texts.enrolling : texts.enrol}
      </button>
    </>
  )
}

/** Why the enrolment failed; on a 409 that names the run in the way, a button that cancels it. */
function EnrolErrorNotice(
  props: TextProps & {
    error: unknown
    /** Set when the run in the way is known. */
    onCancelExisting: (() => void) | undefined
    cancelling: boolean
    cancelError: unknown
  },
) {
  const { strings: texts, errorStrings, onCancelExisting } = props
  return (
    <div className="lk-Notice" data-tone="danger" role="alert">
      <p>
        {isNoConnection(props.error)
          ? texts.notEnrolledOffline
          : describeLinekitError(props.error, enrollErrorRule(errorStrings), errorStrings)}
      </p>
      {onCancelExisting ? (
        <button
          type="button"
          className="lk-Button"
          data-variant="small"
          disabled={props.cancelling}
          onClick={onCancelExisting}
        >
          {props.cancelling ? texts.cancelling : texts.cancelExisting}
        </button>
      ) : null}
      {props.cancelError && onCancelExisting ? <p>{cancelErrorText(props.cancelError, texts, errorStrings)}</p> : null}
    </div>
  )
}

/** The run's status after its first step, the line it is pinned to, and Cancel run. */
function RunNotice(
  props: TextProps & {
    run: EnrollResponse
    status: RunStatus
    lineName: string | undefined
    cancelled: boolean
    cancelling: boolean
    cancelError: unknown
    onCancel: () => void
  },
) {
  const { run, status, cancelled, strings: texts, errorStrings } = props
  return (
    <div className="lk-Notice" data-tone="success" role="status">
      <p>{texts.run(String(run.runId), texts.statuses[status] ?? status)}</p>
      <p>{props.lineName !== undefined ? texts.line(props.lineName) : texts.lineUnknown}</p>
      {cancelled ? (
        <p>{texts.cancelled}</p>
      ) : status !== 'COMPLETED' && status !== 'FAILED' ? (
        <button
          type="button"
          className="lk-Button"
          data-variant="ghost"
          data-part="cancel-run"
          disabled={props.cancelling}
          onClick={props.onCancel}
        >
          {props.cancelling ? texts.cancelling : texts.cancel}
        </button>
      ) : null}
      {props.cancelError && !cancelled ? (
        <p role="alert">{cancelErrorText(props.cancelError, texts, errorStrings)}</p>
      ) : null}
    </div>
  )
}
