/*
 * The interview's confidential comments are sanitised by the shared rich-text module, which the
 * questionnaire format's `richText` kind uses too; re-exported here for the interview's code.
 */
export { isBlankRichText, sanitizeRichText } from '../answers/richText.ts';
