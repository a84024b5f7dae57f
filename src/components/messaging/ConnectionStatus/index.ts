export { ConnectionStatus, connectionStatusStrings } from './ConnectionStatus'
export type { ConnectionStatusProps, ConnectionStatusStrings } from './ConnectionStatus'
