export { useNotifications, notificationsStrings } from './useNotifications'
export type {
  NotificationPermissionState,
  NotificationThread,
  NotificationsStrings,
  UseNotificationsOptions,
  UseNotificationsResult,
} from './useNotifications'
