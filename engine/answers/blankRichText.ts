/** Whether rich-text HTML holds no visible text ('<p></p>', '<p>&nbsp;</p>'), as an empty editor gives. */
export function isBlankRichText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}
