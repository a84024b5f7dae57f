/**
 * zod enums for the contract's enumerations; the values, types and code tables live in the
 * zod-free `values.ts` (re-exported here, so importing from `enums` is unchanged).
 */
import * as z from 'zod/mini'
import {
  bubbleEffects,
  dispositions,
  effects,
  mintErrorCodes,
  reactions,
  runStatuses,
  screenEffects,
  sdkErrorCodes,
  services,
} from './values'

export * from './values'
export { directionSchema, inboundCallEndStatusSchema } from './webhooks'

export const serviceSchema = z.enum(services)
export const reactionSchema = z.enum(reactions)
export const bubbleEffectSchema = z.enum(bubbleEffects)
export const screenEffectSchema = z.enum(screenEffects)
export const effectSchema = z.enum(effects)
export const runStatusSchema = z.enum(runStatuses)
export const dispositionSchema = z.enum(dispositions)
/** Any string (spec: CallLog `status` is open-ended); the known values are in {@link callLogStatuses}. */
export const callLogStatusSchema = z.string()
export const mintErrorCodeSchema = z.enum(mintErrorCodes)
export const sdkErrorCodeSchema = z.enum(sdkErrorCodes)
