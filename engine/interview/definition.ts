// Shim for the interview report's imports (issue 25): the model is engine/staffForm/model.ts.
export { staffFormModel as interviewModel, statusLabel } from '../staffForm/model.ts';
