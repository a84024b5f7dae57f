export { EnrollFlowButton, enrollFlowButtonStrings } from './EnrollFlowButton'
export type { EnrollFlowButtonProps, EnrollFlowButtonStrings } from './EnrollFlowButton'
