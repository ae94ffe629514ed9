// The device sign-in module's front door (table: device_authorizations).
export { deviceLoginRoutes } from "./routes.ts";
export { createDeviceLoginService, type DeviceLoginService, purgeDeviceAuthorizations } from "./service.ts";
