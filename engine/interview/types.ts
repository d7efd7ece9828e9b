// Shim for the interview report's imports (issue 25): the types are engine/staffForm/types.ts.
export type { StaffFormModel as InterviewDefinition } from '../staffForm/types.ts';
