/** What the Security area offers the rest of the console. */
export { securityRoutes } from './routes';
export { SafetyBanner } from './components/SafetyBanner';
export { AdvisorBanner } from './components/AdvisorBanner';
export { ObjectAclPanel } from './components/ObjectAclPanel';
export { useCan, permissionName } from './api/use-can';
export { useLoadRoles } from './api/roles.queries';
export { securityKeys } from './api/security.keys';
