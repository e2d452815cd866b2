/**
 * The activity module's public entry: what other modules, the app and the bench use. Other
 * files import this module only through here (ESLint enforces it).
 */
export { activityRoutes } from './activity.routes.ts';
export { ActivityService } from './activity.service.ts';
export { RecentViewers, type NewViewerListener } from './viewers.service.ts';
