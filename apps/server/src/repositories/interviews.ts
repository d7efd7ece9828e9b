// Shim for the interview report's import (issue 25): staff forms are found from the definitions (repositories/staffForms.ts).
export const INTERVIEW_TYPE = 11;
