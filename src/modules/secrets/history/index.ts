// What a secret and its environment were: versions and who wrote them, the timeline, the
// environment at a moment and its restore, rollbacks, and deleted secrets put back.
export { createSecretHistory } from "./history.ts";
export { createPointInTime } from "./point-in-time.ts";
export { createSecretRecovery } from "./recovery.ts";
export { createRecoverySteps, type RecoverySteps } from "./recovery-steps.ts";
export { createTimeline } from "./timeline.ts";
